import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadBar, UploadProgress } from './upload-bar.tsx';

describe('UploadBar', () => {
  it('names the upload and says the whole percent sent', () => {
    render(<UploadBar label="Uploading moss.jpg" fraction={0.426} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading moss.jpg' });
    expect(bar.getAttribute('aria-valuenow')).toBe('43');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('43%');
  });

  it('keeps a progress event outside 0…1 inside the bar', () => {
    const { rerender } = render(<UploadBar label="Uploading" fraction={1.7} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    rerender(<UploadBar label="Uploading" fraction={-0.2} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });
});

describe('UploadProgress', () => {
  it('counts the upload, then says what the server does once every byte is sent', () => {
    const { rerender } = render(
      <UploadProgress label="Uploading backup.zip" fraction={0.5} working="Restoring…" />,
    );
    expect(screen.getByRole('status').textContent).toContain('Uploading… 50%');
    expect(screen.queryByText(/Restoring/)).toBeNull();
    rerender(<UploadProgress label="Uploading backup.zip" fraction={1} working="Restoring…" />);
    expect(screen.getByRole('status').textContent).toContain('Restoring…');
    expect(
      screen
        .getByRole('progressbar', { name: 'Uploading backup.zip' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
  });
});
