import { z } from 'zod';

export const getParamParams = z.object({ key: z.string().min(1).max(64) });
export const paramResult = z.object({ key: z.string(), value: z.string() });
export type ParamResult = z.infer<typeof paramResult>;
