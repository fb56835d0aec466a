/** Bounds of everything an alert rule lets a client choose. */
export const ALERT_LIMITS = {
  /** Rules per project. */
  maxRulesPerProject: 50,
  maxNameLength: 100,
  maxChannels: 5,
  /** E-mail recipients per e-mail channel. */
  maxRecipients: 10,
  maxUrlLength: 2048,
  minSecretLength: 16,
  maxSecretLength: 256,
  /** Cool-down per rule and group, minutes. */
  minCooldownMinutes: 1,
  maxCooldownMinutes: 1440,
  defaultCooldownMinutes: 30,
  maxThresholdCount: 100_000,
  maxThresholdMinutes: 1440,
  maxSearchLength: 1000,
  /** latency / error_rate: minutes the limit must hold. */
  maxPerfMinutes: 60,
  maxP95Ms: 3_600_000,
  minErrorPercent: 0.01,
  maxErrorPercent: 99.99,
  /** latency / error_rate: requests a minute needs to count (fewer: the minute is not over the limit). */
  maxMinRequests: 100_000,
  /** Groups named in one digest (the rest are only counted). */
  maxDigestGroups: 10,
  /** Lines of a stack trace carried in an alert (the innermost ones). */
  maxStackLines: 30,
  maxStackChars: 4000,
  /** Delivery log entries answered at once. */
  maxDeliveriesPage: 100,
} as const;

/** Mute durations offered by the link in every alert. */
export const MUTE_DURATIONS = { '1h': 3_600_000, '24h': 86_400_000 } as const;
export type MuteDuration = keyof typeof MUTE_DURATIONS;
