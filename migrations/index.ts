import type { Migration } from 'kysely';
import * as m001 from './001-initial.ts';
import * as m002 from './002-captcha-uses.ts';
import * as m005 from './005-community.ts';
import * as m006 from './006-member-activity-index.ts';
import * as m010 from './010-vote-toggle-function.ts';
import * as m030 from './030-account-self-service.ts';
import * as m031 from './031-member-notifications.ts';
import * as m032 from './032-explore.ts';
import * as m033 from './033-resolution.ts';

// Listed explicitly so the server, tests and tools run the same set in the same order.
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-captcha-uses': m002,
  '005-community': m005,
  '006-member-activity-index': m006,
  '010-vote-toggle-function': m010,
  '030-account-self-service': m030,
  '031-member-notifications': m031,
  '032-explore': m032,
  '033-resolution': m033,
};
