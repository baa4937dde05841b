import type { ReactNode } from 'react';

/** Small line drawings for the tutorial; decorative, so hidden from screen readers. */
export type ArtName = 'tap-map' | 'locate' | 'search' | 'patch' | 'entry' | 'list';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg className="step-art" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="68" height="68" rx="14" fill="#ebf2e4" />
      <g color="#2f5d34">{children}</g>
    </svg>
  );
}

const drawings: Record<ArtName, ReactNode> = {
  'tap-map': (
    <>
      <path {...stroke} d="M12 20 L28 14 L44 20 L60 14 V52 L44 58 L28 52 L12 58 Z" />
      <path {...stroke} d="M36 26 c-6 0 -9 4 -9 8 c0 6 9 14 9 14 s9 -8 9 -14 c0 -4 -3 -8 -9 -8 z" />
      <circle cx="36" cy="34" r="2.5" fill="currentColor" />
    </>
  ),
  locate: (
    <>
      <circle {...stroke} cx="36" cy="36" r="14" />
      <circle cx="36" cy="36" r="5" fill="currentColor" />
      <path {...stroke} d="M36 12 V20 M36 52 V60 M12 36 H20 M52 36 H60" />
    </>
  ),
  search: (
    <>
      <circle {...stroke} cx="32" cy="32" r="13" />
      <path {...stroke} d="M42 42 L56 56" />
    </>
  ),
  patch: (
    <>
      <path {...stroke} strokeDasharray="5 5" d="M16 28 L30 14 L54 22 L58 46 L36 58 L14 48 Z" />
      <circle cx="16" cy="28" r="3.5" fill="currentColor" />
      <circle cx="30" cy="14" r="3.5" fill="currentColor" />
      <circle cx="54" cy="22" r="3.5" fill="currentColor" />
      <circle cx="58" cy="46" r="3.5" fill="currentColor" />
    </>
  ),
  entry: (
    <>
      <rect {...stroke} x="14" y="18" width="44" height="36" rx="5" />
      <circle {...stroke} cx="36" cy="36" r="9" />
      <path {...stroke} d="M24 18 L28 12 H44 L48 18" />
    </>
  ),
  list: (
    <>
      <circle cx="18" cy="22" r="4" fill="#b5482a" />
      <circle cx="18" cy="36" r="4" fill="#7b4bb3" />
      <circle cx="18" cy="50" r="4" fill="#2f7d32" />
      <path {...stroke} d="M28 22 H56 M28 36 H52 M28 50 H56" />
    </>
  ),
};

export function StepArt({ name }: { name: ArtName }) {
  return <Frame>{drawings[name]}</Frame>;
}
