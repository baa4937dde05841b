import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { makeLocation } from '../../../testing/factories.ts';
import { oakRidge } from '../../../testing/fixtures.ts';
import { json } from '../../../testing/fake-fetch.ts';
import { setUpJournalTests } from '../../../testing/journal-kit.ts';
import { useJournalStore } from '../../../store/journal-store.ts';
import { NewLocationForm } from './new-location-form.tsx';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const t = setUpJournalTests();
const position = { lat: 51.5, lng: -0.1 };
const area = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [0, 0.001],
      [0.001, 0.001],
      [0, 0],
    ] as [number, number][],
  ],
};

function renderForm(withArea = false) {
  const onCreated = vi.fn();
  render(
    <NewLocationForm
      position={position}
      area={withArea ? area : null}
      onCreated={onCreated}
      onCancel={() => undefined}
    />,
  );
  return { onCreated };
}

const createButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Creat/ });

describe('NewLocationForm', () => {
  it('requires a name', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(createButton());
    expect(screen.getByText('Give the spot a name (1 to 120 characters).')).toBeTruthy();
    expect(t.server.callsTo('POST /api/v1/locations')).toHaveLength(0);
  });

  it('offers the store categories and sends a client-chosen id, trimmed name and choices', async () => {
    let answer: (response: Response) => void = () => undefined;
    t.server.on('POST /api/v1/locations', () => new Promise((resolve) => (answer = resolve)));
    const { onCreated } = renderForm(true);
    const offered = screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent);
    expect(offered).toEqual(['mushrooms', 'berries', 'herbs']);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Oak ridge ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'herbs' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'mushrooms' }));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'North slope' } });
    fireEvent.click(createButton());
    await waitFor(() => expect(t.server.callsTo('POST /api/v1/locations')).toHaveLength(1));
    expect(createButton().disabled).toBe(true);
    expect(createButton().textContent).toBe('Creating…');
    const sent = t.server.callsTo('POST /api/v1/locations')[0]?.body as Record<string, unknown>;
    expect(sent).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Oak ridge',
      position,
      area,
      categories: ['mushrooms', 'herbs'],
      description: 'North slope',
    });
    const created = makeLocation({ ...oakRidge, id: String(sent.id), name: 'Oak ridge' });
    answer(json(created, 201));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(toast.success).toHaveBeenCalledWith('“Oak ridge” saved');
    expect(useJournalStore.getState().locations.map((l) => l.id)).toContain(sent.id);
  });

  it("shows the server's error inline and a retry sends the same id", async () => {
    t.server.on('POST /api/v1/locations', () =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'name: too long',
            fields: { name: 'at most 120 characters' },
          },
        },
        400,
      ),
    );
    renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Glade' } });
    fireEvent.click(createButton());
    expect((await screen.findByRole('alert')).textContent).toBe('name: too long');
    expect(screen.getByText('at most 120 characters')).toBeTruthy();
    expect(createButton().disabled).toBe(false);
    fireEvent.click(createButton());
    await waitFor(() => expect(t.server.callsTo('POST /api/v1/locations')).toHaveLength(2));
    const [first, second] = t.server.callsTo('POST /api/v1/locations');
    expect((first?.body as { id: string }).id).toBe((second?.body as { id: string }).id);
  });
});
