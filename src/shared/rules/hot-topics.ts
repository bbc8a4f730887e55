// The Hot Topics rules shared by the features that rank, publish and invalidate them.

/** SPEC.md §9 'Default quality thresholds'. */
export const HOT_TOPIC_THRESHOLDS = { predictionReliability: 70, userReliability: 40 } as const;

export const HOT_TOPICS = {
  /** Shown in the carousel. */
  count: 10,
  /** Read from the index before the author filter; enough that it rarely runs dry. */
  candidates: 100,
  /** One prolific member cannot fill the carousel. */
  perAuthor: 2,
  cacheKey: 'hot-topics:ai',
  cacheTtlMs: 30_000,
} as const;
