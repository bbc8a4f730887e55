// The resolution feature's public replies in the app's reply cache: dropped whenever a track record
// changes (a resolution, a vote, a due date, a deletion).
export const RESOLUTION_PUBLIC = {
  leaderboard: { key: 'resolution:leaderboard', path: '/api/leaderboard' },
  community: { key: 'resolution:community', path: '/api/analytics/resolution' },
} as const;

export const TRACK_RECORD_KEYS = [RESOLUTION_PUBLIC.leaderboard.key, RESOLUTION_PUBLIC.community.key];
