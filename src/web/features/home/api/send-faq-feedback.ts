import { type FaqFeedbackBody, FaqFeedbackReplySchema } from '#shared/schemas/community';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

// POST /api/faq-feedback: anyone may send it; a signed-in member's token links it to them.

export const sendFaqFeedback = (body: FaqFeedbackBody) =>
  apiFetch('/api/faq-feedback', { method: 'POST', body, schema: FaqFeedbackReplySchema });

export const useSendFaqFeedback = () => useMutation({ mutationFn: sendFaqFeedback });
