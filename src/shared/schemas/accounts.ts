import { z } from 'zod';

/** The signed-in member as the API shows them to themselves (SPEC.md §3 User). */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  created_at: z.string(),
  email_verified: z.boolean(),
  is_demo: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const UserReplySchema = z.object({ success: z.literal(true), user: UserSchema });
export type UserReply = z.infer<typeof UserReplySchema>;
