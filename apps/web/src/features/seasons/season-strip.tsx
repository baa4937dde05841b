import type { SeasonWindow } from '@fj/contract/seasonality';
import { cumulativeDays, monthNames, STRIP_DAYS, windowSpans, windowText } from './season-text.ts';

interface Props {
  window: SeasonWindow;
  /** Today's place on the strip ("MM-DD"), marked with a line. */
  today?: string;
}

const HEIGHT = 14;

/**
 * The year as a bar of 12 months, the window drawn on it (two pieces when it wraps over the
 * new year). An image named by the window's dates; the numbers are in the page's table.
 */
export function SeasonStrip({ window, today }: Props) {
  const spans = windowSpans(window);
  const todayAt = today ? windowSpans({ from: today, to: today })[0]?.start : undefined;
  return (
    <svg
      className="season-strip"
      viewBox={`0 0 ${STRIP_DAYS} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Season: ${windowText(window)}`}
    >
      {monthNames.map((name, index) => (
        <rect
          key={name}
          className={index % 2 === 0 ? 'strip-month' : 'strip-month strip-month-odd'}
          x={cumulativeDays[index]}
          width={(cumulativeDays[index + 1] ?? STRIP_DAYS) - (cumulativeDays[index] ?? 0)}
          y={0}
          height={HEIGHT}
        />
      ))}
      {spans.map((span) => (
        <rect
          key={span.start}
          className="strip-window"
          x={span.start}
          width={Math.max(2, span.end - span.start)}
          y={2}
          height={HEIGHT - 4}
          rx={2}
        />
      ))}
      {todayAt !== undefined && (
        <line className="strip-today" x1={todayAt} x2={todayAt} y1={0} y2={HEIGHT} />
      )}
    </svg>
  );
}

/** The months' initials in a row as wide as a strip: the list's scale, shown once. */
export function MonthScale() {
  return (
    <div className="month-scale" aria-hidden="true">
      {monthNames.map((name) => (
        <span key={name}>{name[0]}</span>
      ))}
    </div>
  );
}
