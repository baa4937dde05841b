import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launchBrowser, signUp, uniqueEmail } from './support/browser.ts';
import { desktop1280, forestTab, phone390, phoneShot } from './support/forest.ts';
import { createSpots } from './support/journal.ts';

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every map control on screen, by name, with its box. */
async function controlBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const named: [string, string][] = [
      ['search', '.map-search input'],
      ['map type', '[aria-label="Map type"]'],
      ['saved areas', '[aria-label="Saved map areas"]'],
      ['zoom in', '[aria-label="Zoom in"]'],
      ['zoom out', '[aria-label="Zoom out"]'],
      ['position', '[aria-label="Use my position"]'],
      ['add a spot', '.map-fab'],
      ['scale bar', '.maplibregl-ctrl-scale'],
      ['attribution', '.maplibregl-ctrl-attrib'],
      ['welcome card', '.home-empty'],
      ['tiles note', '.map-note'],
      ['toast', '.Toastify__toast'],
    ];
    return named.flatMap(([name, selector]) =>
      [...document.querySelectorAll(selector)].map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { name, x, y, width, height };
      }),
    );
  });
}

const messages = new Set(['toast', 'welcome card']);

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.skipIf(e2e.skip)('the phone layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each([360, 390, 430])('no two map controls overlap at %s px', async (width) => {
    const { page, context } = await forestTab(browser, { width, height: 844 });
    await signUp(page, uniqueEmail(`controls-${width}`));
    await page.locator('.maplibregl-ctrl-scale').waitFor();
    await page.getByRole('region', { name: 'Add your first spot' }).waitFor();
    // A toast too: it must not land on the controls either.
    await page.getByRole('button', { name: 'Use my position' }).click();
    // Measured where it rests: with its animations (entrance, exit, the progress bar's 3 s)
    // switched off it stays there. Mid-animation it lies up to 3000 px right of the screen, and
    // under load it was already leaving by the time it was measured.
    await page
      .locator('.Toastify__toast', { hasText: 'Location access was denied' })
      .evaluate((toast) => {
        for (const element of [toast, ...toast.querySelectorAll('.Toastify__progress-bar')])
          if (element instanceof HTMLElement)
            element.style.setProperty('animation', 'none', 'important');
      });
    const boxes = await controlBoxes(page);
    expect(boxes.map((box) => box.name)).toEqual(
      expect.arrayContaining(['search', 'map type', 'zoom in', 'position', 'scale bar', 'toast']),
    );
    const clashes = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        // Messages (toasts, the welcome card) may lie over each other for a moment; what
        // matters is that none covers a control.
        .filter((b) => !(messages.has(a.name) && messages.has(b.name)))
        .flatMap((b) => (overlap(a, b) ? [`${a.name} × ${b.name}`] : [])),
    );
    expect(clashes).toEqual([]);
    expect(boxes.filter((box) => box.x + box.width > width)).toEqual([]);
    if (width === 390) await phoneShot(page, 'controls');
    await context.close();
  });

  it('drags the bottom sheet between peek, half and full by its grip, and steps it by keyboard', async () => {
    const { page, context } = await forestTab(browser, phone390);
    await signUp(page, uniqueEmail('sheet'));
    const [id] = await createSpots(page, [
      { name: 'Sheet spot', position: { lat: 50.1, lng: 8.6 }, categories: ['mushrooms'] },
    ]);
    await page.goto(`/?location=${id ?? ''}`);
    const sheet = page.getByRole('complementary', { name: 'Sheet spot' });
    await sheet.waitFor();
    const grip = sheet.getByRole('button', { name: /^Resize the panel/ });
    const heightOf = async () => {
      await page.waitForTimeout(350);
      return (await sheet.boundingBox())?.height ?? 0;
    };
    expect(await heightOf()).toBeCloseTo(phone390.height * 0.5, -1);

    async function dragGrip(toY: number) {
      const box = await grip.boundingBox();
      if (!box) throw new Error('no grip');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, toY, { steps: 8 });
      await page.mouse.up();
    }

    await dragGrip(60);
    const full = await heightOf();
    expect(full).toBeGreaterThan(phone390.height * 0.85);
    await phoneShot(page, 'sheet-full');
    await dragGrip(phone390.height - 120);
    const peek = await heightOf();
    expect(peek).toBeLessThan(phone390.height * 0.3);
    await phoneShot(page, 'sheet-peek');
    expect(await sheet.getAttribute('data-height')).toBe('peek');

    // Keyboard: up a step at a time, and the grip says where it is.
    await grip.focus();
    await page.keyboard.press('ArrowUp');
    expect(await heightOf()).toBeCloseTo(phone390.height * 0.5, -1);
    expect(await grip.getAttribute('aria-label')).toBe('Resize the panel (now half)');
    await phoneShot(page, 'sheet-half');
    await context.close();
  });

  it('opens a spot from its marker with the keyboard, and Edit opens at the name (desktop)', async () => {
    const { page, context } = await forestTab(browser, desktop1280);
    await signUp(page, uniqueEmail('marker-keys'));
    await createSpots(page, [
      { name: 'Birch boletes', position: { lat: 50.1, lng: 8.6 }, categories: ['mushrooms'] },
      { name: 'Wild garlic', position: { lat: 50.2, lng: 8.8 }, categories: ['herbs'] },
    ]);
    await page.reload();
    const marker = page.getByRole('button', { name: 'Wild garlic', exact: true });
    await marker.waitFor({ timeout: 30_000 });
    await marker.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: 'Wild garlic' });
    await panel.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Wild garlic');
    await page.waitForTimeout(1000);
    await phoneShot(page, 'markers');
    await panel.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
      'Wild garlic',
    );
    await context.close();
  });
});
