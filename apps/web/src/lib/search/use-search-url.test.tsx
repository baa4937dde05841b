import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_PAUSE_MS, useQueryDraft, useSearchUrl } from './use-search-url.ts';

function Box() {
  const { request, setRequest } = useSearchUrl();
  const draft = useQueryDraft(request.q, (q) => setRequest({ ...request, q }, { replace: true }));
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <input
        aria-label="Search"
        value={draft.text}
        onChange={(e) => draft.change(e.target.value)}
      />
      <button type="button" onClick={() => setRequest({ q: 'tree:oak', extra: [] })}>
        Oak
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <output>{location.search}</output>
    </>
  );
}

const url = () => screen.getByRole('status').textContent;
const box = () => screen.getByLabelText<HTMLInputElement>('Search');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the search in the URL, typed', () => {
  function renderAt(path: string) {
    render(
      <MemoryRouter initialEntries={['/elsewhere', path]} initialIndex={1}>
        <Routes>
          <Route path="*" element={<Box />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('shows typing at once and writes the URL once typing pauses, keeping other parameters', () => {
    renderAt('/locations?location=l1');
    fireEvent.change(box(), { target: { value: 'chan' } });
    fireEvent.change(box(), { target: { value: 'chanterelle' } });
    expect(box().value).toBe('chanterelle');
    expect(url()).toBe('?location=l1');
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS));
    expect(url()).toBe('?location=l1&q=chanterelle');
    expect(box().value).toBe('chanterelle');
  });

  it('restores the box from the URL, and follows Back', () => {
    renderAt('/locations?q=morel+year%3A2024');
    expect(box().value).toBe('morel year:2024');
    fireEvent.click(screen.getByRole('button', { name: 'Oak' }));
    expect(box().value).toBe('tree:oak');
    // A pause under way when the URL changes elsewhere is dropped.
    fireEvent.change(box(), { target: { value: 'tree:oak x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS * 2));
    expect(url()).toBe('?q=morel+year%3A2024');
    expect(box().value).toBe('morel year:2024');
  });
});
