/**
 * The French date formats the screens show, with the browser's own `Intl` (date-fns' `format` and
 * its locale weigh about 6 KB gzipped on the chat page, issue 4 `initial_js_kb`). Each reads the
 * member's own time zone, as date-fns did.
 */
/**
 * A French date format, its `Intl` formatter made on first use: a page's first formatter costs
 * about 13 ms (ICU starting up, measured in Chromium here), which no module load should pay.
 */
export function frenchFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let formatter: Intl.DateTimeFormat | null = null;
  return (date) => (formatter ??= new Intl.DateTimeFormat('fr-FR', options)).format(date);
}

const time = frenchFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * Makes the rows' time format now. A page's first `Intl` formatter starts ICU (25–33 ms measured
 * in Chromium here, the next ones about 1 ms): called at boot while the first rows are still being
 * read, that start is not paid by the render that paints them.
 */
export function warmFrenchDates(): void {
  time(new Date(0));
}
const dayShortMonth = frenchFormat({ day: '2-digit', month: 'short' });

/** '14:05' (date-fns 'HH:mm'). */
export const hourMinute = (date: Date): string => time(date);

/** '05 nov. 14:05' (date-fns 'dd MMM HH:mm' in French). */
export const dayMonthTime = (date: Date): string => `${dayShortMonth(date)} ${time(date)}`;

/** 'jeudi 5 novembre, 14:05' (date-fns 'EEEE d MMMM, HH:mm' in French). */
export const weekdayDayMonthTime = (date: Date): string => `${weekdayDayMonth(date)}, ${time(date)}`;

/** 'lundi 23 novembre': a log's day separator. */
export const weekdayDayMonth = frenchFormat({ weekday: 'long', day: 'numeric', month: 'long' });

/** 'lundi 23 novembre 2025': a log's day separator in another year. */
export const weekdayDayMonthYear = frenchFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
