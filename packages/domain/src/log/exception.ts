import { z } from 'zod';

/** Size limits on exception payloads a client controls. */
export const EXCEPTION_LIMITS = {
  /** Frames kept per exception (the innermost ones are kept when trimming). */
  maxFrames: 250,
  /** Depth of the cause/context chain. */
  maxChainDepth: 10,
  maxTracebackChars: 64 * 1024,
  maxValueChars: 8 * 1024,
} as const;

/**
 * One stack frame, oldest call first (Python traceback order). `lineno` is shown but never
 * used for grouping; `in_app` marks the application's own code (not site-packages/stdlib).
 */
export const FrameSchema = z.object({
  filename: z.string().max(1024).optional(),
  abs_path: z.string().max(2048).optional(),
  module: z.string().max(512).optional(),
  function: z.string().max(512).optional(),
  lineno: z.number().int().nonnegative().optional(),
  colno: z.number().int().nonnegative().optional(),
  context_line: z.string().max(2048).optional(),
  pre_context: z.array(z.string().max(2048)).max(20).optional(),
  post_context: z.array(z.string().max(2048)).max(20).optional(),
  in_app: z.boolean().optional(),
  vars: z.record(z.string(), z.unknown()).optional(),
});
export type Frame = z.infer<typeof FrameSchema>;

export const MechanismSchema = z.object({
  type: z.string().max(128).optional(),
  handled: z.boolean().optional(),
  /** A synthetic exception (made up by an integration): its type is not used for grouping. */
  synthetic: z.boolean().optional(),
});

/**
 * An exception as the Python client sends it. `cause` is the exception this one was raised
 * from (`__cause__`, relation "cause") or during the handling of (`__context__`, relation
 * "context"). `value` and `message` are synonyms (the spec allows either).
 */
export interface ExceptionInfo {
  type?: string | undefined;
  value?: string | undefined;
  message?: string | undefined;
  module?: string | undefined;
  traceback?: string | undefined;
  frames?: Frame[] | undefined;
  mechanism?: z.infer<typeof MechanismSchema> | undefined;
  cause?: ExceptionInfo | undefined;
  cause_relation?: 'cause' | 'context' | undefined;
}

export const ExceptionSchema: z.ZodType<ExceptionInfo> = z.lazy(() =>
  z.object({
    type: z.string().max(512).optional(),
    value: z.string().max(EXCEPTION_LIMITS.maxValueChars).optional(),
    message: z.string().max(EXCEPTION_LIMITS.maxValueChars).optional(),
    module: z.string().max(512).optional(),
    traceback: z.string().max(EXCEPTION_LIMITS.maxTracebackChars).optional(),
    frames: z.array(FrameSchema).max(EXCEPTION_LIMITS.maxFrames).optional(),
    mechanism: MechanismSchema.optional(),
    cause: ExceptionSchema.optional(),
    cause_relation: z.enum(['cause', 'context']).optional(),
  }),
);
