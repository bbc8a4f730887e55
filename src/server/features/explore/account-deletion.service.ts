import { usernameKey } from '#shared/rules/validation.ts';
import { ACCOUNT_DELETION_MESSAGES as MSG, type DeleteAccountBody } from '#shared/schemas/accounts.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import type { Db } from '#server/db/database.ts';
import { badRequest, unauthorized } from '#server/errors.ts';
import { findAccountById, holdUsername } from '#server/features/accounts/accounts.repository.ts';
import { checkPassword } from '#server/features/accounts/passwords.ts';
import type { Member } from '#server/plugins/auth.ts';
import {
  deleteMemberRows,
  deletePredictions,
  deleteVotesAndCommentsOf,
  predictionIdsOf,
} from './deletion.repository.ts';
import { TRACK_RECORD_KEYS } from '#server/features/resolution/resolution-cache.ts';
import { removeMemberFromTrackRecords } from '#server/features/resolution/resolution.service.ts';
import { SHOWN_CONTENT_KEYS } from './explore.service.ts';

// DELETE /api/account (issue 27; docs/decisions/014-explore.md): the member confirms with their
// username typed exactly, and their password when the account has one (a Google-only account has
// none). Everything goes in one transaction: their votes and comments come off other members'
// predictions, their predictions go through the same path as a single deletion, then their
// sessions (every token stops at once), tokens, notification and digest rows and the account. The
// username is held for 30 days (accounts.repository.ts USERNAME_HOLD_MS).

export interface AccountDeletionDeps {
  db: Db;
  cache: ReplyCache;
  now?: () => Date;
}

export function createAccountDeletionService({ db, cache, now = () => new Date() }: AccountDeletionDeps) {
  async function deleteAccount(member: Member, body: DeleteAccountBody): Promise<void> {
    const account = await findAccountById(db, member.id);
    if (!account) throw unauthorized();
    if (body.username !== account.username) throw badRequest(MSG.usernameMismatch, 'USERNAME_MISMATCH');
    if (account.passwordHash) {
      if (!body.password) throw badRequest(MSG.passwordRequired, 'PASSWORD_REQUIRED');
      if (!(await checkPassword(account.passwordHash, body.password)))
        throw badRequest(MSG.passwordWrong, 'WRONG_PASSWORD');
    }
    await db.transaction().execute(async (trx) => {
      // First, while their resolution votes and public record are still there to subtract.
      await removeMemberFromTrackRecords(trx, account.id);
      await deleteVotesAndCommentsOf(trx, account.id);
      await deletePredictions(trx, await predictionIdsOf(trx, account.id));
      await holdUsername(trx, usernameKey(account.username), now().toISOString());
      await deleteMemberRows(trx, account.id);
    });
    await cache.invalidate(...SHOWN_CONTENT_KEYS, ...TRACK_RECORD_KEYS);
  }

  return { deleteAccount };
}
