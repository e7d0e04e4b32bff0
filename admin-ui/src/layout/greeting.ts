/** Greeting key for the hour (before 12 morning, before 18 afternoon, otherwise evening). */
export function greetingKey(date: Date = new Date()): 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening' {
  const hour = date.getHours();
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

/** The motivational line of the day: stable for a day, changes from one day to the next. */
export function lineOfTheDay(lines: string[], date: Date = new Date()): string {
  if (lines.length === 0) return '';
  const day = Math.floor(date.getTime() / 86_400_000);
  return lines[day % lines.length];
}
