/**
 * Query-key prefixes that more than one feature touches. Features do not import each other; when one changes
 * data another shows (completing a task moves the dashboard stats and may earn a badge), it invalidates by
 * these prefixes.
 */
export const queryKeys = {
  tasks: ['tasks'] as const,
  badges: ['badges'] as const,
  dashboardStats: ['dashboard', 'stats'] as const,
  pomodoro: ['pomodoro'] as const,
  /** The gallery's lists, the studio's recent generations and the dashboard's Recent Creations. */
  media: ['media'] as const,
  /** Generation jobs (the studio's tabs, the profile's avatar and wallpaper) and what they need. */
  generation: ['generation'] as const,
  /**
   * The member's profile (`GET /api/profile`, `GET /api/profile/me`): the dashboard's profile card, the settings
   * page and the theme and wallpaper restored at start-up all read it; every profile change invalidates it.
   */
  profile: ['profile'] as const,
  /** The week calendar panel's weeks. */
  calendar: ['calendar'] as const,
};
