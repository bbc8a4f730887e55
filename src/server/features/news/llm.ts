import { z } from 'zod';
import { NEWS_LIMITS } from '#shared/schemas/news.ts';
import type { StoryArticle, StorySummary } from './cluster.ts';

// Optional abstractive summaries from an OpenAI-compatible endpoint (LLM_BASE_URL). The local
// extractive summary is always computed first and stays whenever the call fails or says nothing
// usable: the pipeline never depends on it.

export interface LlmConfig {
  baseUrl: string;
  apiKey?: string | undefined;
  model?: string | undefined;
  timeoutMs?: number;
}

const ReplySchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const SummarySchema = z.object({
  title: z.string().min(5).max(200),
  summary: z.string().min(20).max(600),
  bulletPoints: z.array(z.string().min(3).max(300)).max(8),
  keywords: z.array(z.string().min(2).max(40)).max(8),
});

export async function llmSummary(
  llm: LlmConfig,
  articles: readonly StoryArticle[],
  local: StorySummary,
): Promise<StorySummary> {
  const material = articles
    .slice(0, 8)
    .map((a, i) => `[${i + 1}] ${a.source}: ${a.title}\n${a.description}`)
    .join('\n\n');
  const response = await fetch(`${llm.baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: llm.model ?? 'gpt-4o-mini',
      temperature: 0.2,
      response_format: { type: 'json_object' },
      messages: [
        {
          role: 'system',
          content:
            'You summarise news stories neutrally. Use only facts in the articles given. Reply with JSON: ' +
            '{"title": string, "summary": string (at most 2 sentences), "bulletPoints": string[] (at most 4 short facts), ' +
            '"keywords": string[] (at most 4)}.',
        },
        { role: 'user', content: material },
      ],
    }),
    signal: AbortSignal.timeout(llm.timeoutMs ?? 20_000),
  });
  if (!response.ok) throw new Error(`LLM HTTP ${response.status}`);
  const reply = ReplySchema.parse(await response.json());
  const content = reply.choices[0]?.message.content ?? '';
  // Two anchored cuts; the look-behind keeps the closing one linear on a long run of spaces.
  const fenced = content.replace(/^```(?:json)?\s*/, '').replace(/(?<!\s)\s*```$/, '');
  const parsed = SummarySchema.parse(JSON.parse(fenced));
  return {
    ...local,
    title: parsed.title.trim(),
    summary: parsed.summary.trim(),
    bulletPoints: parsed.bulletPoints
      .map((b) => b.replace(/^[•\-*\s]+/, '').trim())
      .filter(Boolean)
      .slice(0, NEWS_LIMITS.bulletPoints),
    keywords: parsed.keywords
      .map((k) => k.trim())
      .filter(Boolean)
      .slice(0, NEWS_LIMITS.keywords),
  };
}
