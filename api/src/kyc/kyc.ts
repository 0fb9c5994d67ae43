import { and, desc, eq } from 'drizzle-orm';
import { KYC_PHOTOS_OF, LOAN_CODES, REVIEW_APPROVAL_REASONS, REVIEW_LIMIT_HOURS } from '@meridian/contracts';
import type { IdentificationBody, IdentificationResult, KycImage, KycStatus, KycSubmissionView } from '@meridian/contracts';
import { userChanged } from '../accounts/user-changes.ts';
import type { Database, Transaction } from '../db/database.ts';
import { kycSubmissions, notifications, reviews, users } from '../db/schema.ts';
import type { NotifyUser } from '../live/user-events.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import type { ReviewService } from '../reviews/reviews.ts';
import type { ImageSealer } from '../uploads/sealed-images.ts';
import { claimUpload, findUpload } from '../uploads/uploads.ts';

/** The approval's reason (REVIEW_APPROVAL_REASONS): the identity was verified; a failed one reads the rejection's. */
const VERIFIED = REVIEW_APPROVAL_REASONS.kyc;

type Submission = typeof kycSubmissions.$inferSelect;

/** The upload id of one image of a submission. */
const imageOf = (row: Submission, image: KycImage): string | null =>
  ({ front: row.frontId, back: row.backId, hand: row.handId, signature: row.signatureId })[image];

/** A submission as its owner reads it. */
function submissionView(row: Submission): KycSubmissionView {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    birthdate: row.birthdate,
    sex: row.sex as KycSubmissionView['sex'],
    country: row.country as KycSubmissionView['country'],
    address: row.address,
    areaCode: row.areaCode,
    phone: row.phone,
    documentType: row.documentType as KycSubmissionView['documentType'],
    images: (['front', 'back', 'hand', 'signature'] as const).filter((image) => imageOf(row, image) !== null),
    submittedAt: row.createdAt.toISOString(),
  };
}

/**
 * Identity verification (SPEC §3 KYC, issue 26): a customer sends their identity with the document's
 * photos and a drawn signature (private uploads, encrypted at rest); the user's `kyc_status` becomes
 * pending and a `reviewer` decides within 48 hours: verified, or failed with a reason the customer reads
 * and may answer with a new submission. Loans check the status (loans.ts).
 */
export class Identification {
  constructor(
    private readonly db: Database,
    private readonly reviewService: ReviewService,
    private readonly sealer: ImageSealer,
    private readonly notifyUser: NotifyUser,
    private readonly now: () => number,
  ) {
    reviewService.handle('kyc', async (tx, review, decision) => {
      const approving = decision.decision === 'approve';
      const userId = review.userId;
      if (!userId) throw new ApiFailure('404', 'submission not found', 404);
      const status: KycStatus = approving ? 'verified' : 'failed';
      await tx.update(users).set({ kycStatus: status }).where(eq(users.id, userId));
      await userChanged(userId);
      await tx.insert(notifications).values({
        userId,
        kind: approving ? 'kycVerified' : 'kycRejected',
        params: { reason: decision.reasonCode },
      });
      return {
        state: approving ? 'approved' : 'rejected',
        afterCommit: () => this.notifyUser(userId, [{ key: 'user' }, { key: 'userNotifications' }]),
      };
    });
  }

  /**
   * Records a submission and queues its review, in one transaction: the user row is locked, so two
   * submissions at once cannot both pass the status check. Refused with 10019 while one is pending or once
   * verified; the photos the document needs and the signature must be the caller's unattached private
   * uploads (a refusal names the field's message and changes nothing).
   */
  async submit(userId: string, body: IdentificationBody): Promise<IdentificationResult> {
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new ApiFailure('401', 'login required', 401);
      if (user.kycStatus === 'pending' || user.kycStatus === 'verified')
        throw new ApiFailure(LOAN_CODES.kycStatusWrong, `the verification is ${user.kycStatus} already`, 409);
      const owner = [`user:${userId}`];
      const photos = KYC_PHOTOS_OF[body.documentType];
      await claimUpload(tx, body.frontId, owner, { sealed: true });
      if (photos.includes('back')) await claimUpload(tx, body.backId, owner, { sealed: true });
      await claimUpload(tx, body.handId, owner, { sealed: true });
      await claimUpload(tx, body.signatureId, owner, { sealed: true, key: 'validation.notSigned' });
      const [row] = await tx
        .insert(kycSubmissions)
        .values({
          userId,
          firstName: body.firstName.trim(),
          lastName: body.lastName.trim(),
          birthdate: body.birthdate.trim(),
          sex: body.sex,
          country: body.country,
          address: body.address.trim(),
          areaCode: body.areaCode,
          phone: body.phone.trim(),
          documentType: body.documentType,
          frontId: body.frontId,
          backId: photos.includes('back') ? (body.backId ?? null) : null,
          handId: body.handId,
          signatureId: body.signatureId,
          createdAt: new Date(this.now()),
        })
        .returning();
      await tx.update(users).set({ kycStatus: 'pending' }).where(eq(users.id, userId));
      await userChanged(userId);
      const queued = await this.reviewService.enqueueNew(tx, {
        kind: 'kyc',
        subjectId: String(row!.id),
        userId,
        payload: {
          name: `${row!.firstName} ${row!.lastName}`,
          birthdate: row!.birthdate,
          sex: row!.sex,
          country: row!.country,
          residence: row!.address,
          phone: `${row!.areaCode} ${row!.phone}`,
          documentType: row!.documentType,
          frontId: row!.frontId,
          ...(row!.backId ? { backId: row!.backId } : {}),
          handId: row!.handId,
          signatureId: row!.signatureId,
        },
      });
      // A submission nobody could decide would leave the customer pending forever (SPEC §0 rule 4).
      if (!queued) throw new Error(`KYC submission ${row!.id} has a review item already`);
    });
    this.notifyUser(userId, [{ key: 'user' }]);
    return this.status(userId);
  }

  /** The caller's latest submission (null before the first). */
  async latest(db: Database | Transaction, userId: string): Promise<Submission | null> {
    const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(desc(kycSubmissions.id)).limit(1);
    return row ?? null;
  }

  /** The status, the latest submission and its review's deadline, decision time and reason. */
  async status(userId: string): Promise<IdentificationResult> {
    const [user] = await this.db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
    const row = await this.latest(this.db, userId);
    const [review] = row
      ? await this.db
          .select({ enqueuedAt: reviews.enqueuedAt, decidedAt: reviews.decidedAt, reasonCode: reviews.reasonCode, state: reviews.state })
          .from(reviews)
          .where(and(eq(reviews.kind, 'kyc'), eq(reviews.subjectId, String(row.id))))
      : [];
    const decided = review && review.state !== 'pending';
    return {
      status: (user?.kycStatus ?? 'unverified') as KycStatus,
      submission: row ? submissionView(row) : null,
      decideBy: review ? new Date(review.enqueuedAt.getTime() + REVIEW_LIMIT_HOURS.kyc * 3600_000).toISOString() : null,
      decidedAt: decided ? (review.decidedAt?.toISOString() ?? null) : null,
      reason: decided && review.reasonCode !== VERIFIED ? review.reasonCode : null,
    };
  }

  /** An image of the caller's latest submission, decrypted (null when there is none: answered as 404). */
  async image(userId: string, image: KycImage): Promise<{ mime: string; data: Buffer } | null> {
    const row = await this.latest(this.db, userId);
    const id = row ? imageOf(row, image) : null;
    return id ? findUpload(this.db, id, this.sealer) : null;
  }
}
