import type { FaqFeedbackBody, FaqFeedbackReplySchema } from '#shared/schemas/community.ts';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// POST /api/faq-feedback: anyone may send it; a signed-in member's token links it to them.

const sendFaqFeedback = (body: FaqFeedbackBody) =>
  apiFetch<z.infer<typeof FaqFeedbackReplySchema>>('/api/faq-feedback', { method: 'POST', body });

export const useSendFaqFeedback = () => useMutation({ mutationFn: sendFaqFeedback });
