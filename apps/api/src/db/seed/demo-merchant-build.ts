import type { BusinessType, MerchantEvent, MerchantEventType, Pipeline, RiskLevel } from '@boardwalk/shared';
import { bankAccountFingerprint, sealSensitive } from '../../domain/merchants/record/merchant-sensitive.ts';
import type {
  merchantEvents,
  merchantNotes,
  merchantOwners,
  merchants,
  merchantStageIntervals,
} from '../schema/merchants.ts';
import {
  isApprovedStage,
  isDeclinedStage,
  pathTimes,
  PIPELINE_WEIGHTS,
  stagePath,
  type SeedStage,
  type StagesByPipeline,
} from './demo-merchant-history.ts';
import type { SeededRandom } from './demo-random.ts';
import * as words from './demo-merchant-words.ts';

type Ref = { id: string; name: string };
export type SeedRefs = {
  stages: StagesByPipeline;
  agents: (Ref & { companyId: string | null })[];
  companies: Ref[];
  industries: (Ref & { mcc: string; riskLevel: RiskLevel })[];
  leadSources: Ref[];
  /** People who work the desk (not agents): creators, assignees, deciders. */
  staff: Ref[];
};

export type MerchantRows = {
  merchant: typeof merchants.$inferInsert;
  owners: (typeof merchantOwners.$inferInsert)[];
  notes: (typeof merchantNotes.$inferInsert)[];
  events: (typeof merchantEvents.$inferInsert)[];
  intervals: (typeof merchantStageIntervals.$inferInsert)[];
};

const HOUR = 3_600_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const stageRef = (s: SeedStage) => ({ id: s.id, name: s.name, pipeline: s.pipeline });

/** An ABA routing number whose check digit is right (3-7-1 weights), so forms accept it. */
function routingNumber(rnd: SeededRandom): string {
  const head = `0${rnd.int(1, 9)}${rnd.digits(6)}`;
  const w = [3, 7, 1, 3, 7, 1, 3, 7];
  const sum = [...head].reduce((acc, ch, i) => acc + Number(ch) * w[i]!, 0);
  return `${head}${(10 - (sum % 10)) % 10}`;
}

function businessName(industry: SeedRefs['industries'][number], taken: Set<string>, rnd: SeededRandom, city: string) {
  const noun = rnd.pick(words.NOUNS_BY_MCC[industry.mcc] ?? words.GENERIC_NOUNS);
  for (const candidate of [
    `${rnd.pick(words.NAME_PREFIXES)} ${noun}`,
    `${rnd.pick(words.NAME_PREFIXES)} ${noun} ${city}`,
  ]) {
    if (!taken.has(candidate)) return candidate;
  }
  for (let n = 2; ; n += 1) if (!taken.has(`${city} ${noun} #${n}`)) return `${city} ${noun} #${n}`;
}

function ticketRange(mcc: string): [number, number] {
  if (['7011', '4722', '5944', '5732'].includes(mcc)) return [120, 450];
  if (['5812', '5814', '5411', '5541', '7230', '7542'].includes(mcc)) return [9, 60];
  return [20, 160];
}

/** One demo merchant with its owners, notes, timeline and stage intervals. */
export function buildMerchant(
  refs: SeedRefs,
  rnd: SeededRandom,
  ctx: { now: Date; encryptionKey: string },
  taken: Set<string>,
): MerchantRows {
  const live = (Object.keys(PIPELINE_WEIGHTS) as Pipeline[]).filter((p) => refs.stages[p].length > 0);
  const pipeline = rnd.weighted<Pipeline>(Object.fromEntries(live.map((p) => [p, PIPELINE_WEIGHTS[p]])));
  const target = rnd.pick(refs.stages[pipeline]);
  const path = stagePath(target, refs.stages, rnd);
  const times = pathTimes(path, ctx.now, rnd);
  const createdAt = times[0]!;
  const id = rnd.uuidAt(createdAt);

  const industry = rnd.pick(refs.industries);
  const place = rnd.pick(words.CITIES);
  const dbaName = businessName(industry, taken, rnd, place.city);
  taken.add(dbaName);
  const businessType = rnd.weighted<BusinessType>({
    llc: 45,
    corporation: 20,
    sole_proprietorship: 25,
    partnership: 10,
  });
  const first = rnd.pick(words.FIRST_NAMES);
  const last = rnd.pick(words.LAST_NAMES);
  const legalName =
    businessType === 'sole_proprietorship'
      ? `${first} ${last}`
      : `${dbaName} ${words.LEGAL_SUFFIXES[businessType as 'llc']}`;
  const domain = `${slug(dbaName)}.example`;
  // Stored as the API stores every number: E.164 (decision 083).
  const phone = () => `+1${place.area}55501${rnd.digits(2)}`;
  const agent = rnd.chance(0.85) ? rnd.pick(refs.agents) : null;
  const creator = rnd.pick(refs.staff);
  const assignee = rnd.chance(0.88) ? rnd.pick(refs.staff) : null;
  const decider = rnd.pick(refs.staff);
  const [low, high] = ticketRange(industry.mcc);
  const averageTicket = rnd.int(low * 100, high * 100) / 100;
  const tax = sealSensitive(`${rnd.int(10, 99)}${rnd.digits(7)}`, ctx.encryptionKey);
  const routing = routingNumber(rnd);
  const account = rnd.digits(rnd.int(8, 12));

  const events: MerchantRows['events'] = [];
  const event = (type: MerchantEventType, at: Date, actorUserId: string | null, data: MerchantEvent['data'] = {}) =>
    events.push({ id: rnd.uuidAt(at), merchantId: id, type, actorUserId, data, at });
  event('created', createdAt, creator.id, { summary: `Lead from ${rnd.pick(refs.leadSources).name}` });
  if (assignee) {
    event('assigned', new Date(createdAt.getTime() + rnd.int(1, 4) * HOUR), creator.id, {
      changes: { assignedUserId: { from: null, to: assignee.id } },
      summary: `Assigned to ${assignee.name}`,
    });
  }

  const mover = () => assignee ?? rnd.pick(refs.staff);
  const intervals: MerchantRows['intervals'] = path.map((stage, i) => {
    const by = i === 0 ? creator.id : mover().id;
    return {
      id: rnd.uuidAt(times[i]!),
      merchantId: id,
      stageId: stage.id,
      pipeline: stage.pipeline,
      enteredAt: times[i]!,
      enteredBy: by,
      leftAt: times[i + 1] ?? null,
      leftBy: null,
    };
  });
  intervals.forEach((interval, i) => {
    const next = intervals[i + 1];
    if (next) interval.leftBy = next.enteredBy ?? null;
    if (i > 0) {
      event('stage_changed', times[i]!, interval.enteredBy ?? null, {
        fromStage: stageRef(path[i - 1]!),
        toStage: stageRef(path[i]!),
      });
    }
  });

  // Underwriting: decided when the merchant entered the approved or declined stage.
  const decisionAt = path.findIndex((s) => isApprovedStage(s) || isDeclinedStage(s));
  const decided = decisionAt >= 0 ? path[decisionAt]! : null;
  const underwritingDecision = decided ? (isDeclinedStage(decided) ? 'declined' : 'approved') : 'pending';
  const decidedAt = decided ? times[decisionAt]! : null;
  if (decided && decidedAt) {
    event('updated', new Date(decidedAt.getTime() - 60_000), decider.id, {
      changes: { underwritingDecision: { from: 'pending', to: underwritingDecision } },
    });
  }
  // Operations: a MID once boarding starts, a go-live date once live.
  const boardingAt = path.findIndex((s) => s.pipeline === 'operations');
  const liveIndex = path.findIndex((s) => s.pipeline === 'operations' && /live/i.test(s.name));
  const mid = boardingAt >= 0 ? `8${rnd.digits(14)}` : '';
  const goLiveOn = liveIndex >= 0 ? day(times[liveIndex]!) : null;
  if (mid) event('updated', times[boardingAt]!, mover().id, { changes: { mid: { from: '', to: mid } } });

  const notes: MerchantRows['notes'] = [];
  const lastAt = times[times.length - 1]!;
  for (let n = rnd.int(0, 3); n > 0; n -= 1) {
    const at = new Date(createdAt.getTime() + rnd.next() * (ctx.now.getTime() - createdAt.getTime()));
    const author = rnd.chance(0.7) && assignee ? assignee : rnd.pick(refs.staff);
    const body = rnd.pick(words.NOTES);
    const noteId = rnd.uuidAt(at);
    notes.push({
      id: noteId,
      merchantId: id,
      body,
      createdAt: at,
      updatedAt: at,
      createdBy: author.id,
      updatedBy: author.id,
    });
    event('note_added', at, author.id, { noteId, excerpt: body.slice(0, 120) });
  }

  const ownerCount = businessType === 'sole_proprietorship' ? 1 : rnd.int(1, 3);
  const shares = [[100], [60, 40], [50, 25, 25]][ownerCount - 1]!;
  const owners: MerchantRows['owners'] = shares.map((share, position) => {
    const ownerFirst = position === 0 ? first : rnd.pick(words.FIRST_NAMES);
    const ownerLast = position === 0 ? last : rnd.pick(words.LAST_NAMES);
    const dob = sealSensitive(
      `${rnd.int(1948, 1986)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
      ctx.encryptionKey,
    );
    const ssn = sealSensitive(`${rnd.int(100, 665)}${rnd.digits(6)}`, ctx.encryptionKey);
    return {
      id: rnd.uuidAt(createdAt),
      merchantId: id,
      firstName: ownerFirst,
      lastName: ownerLast,
      title: position === 0 ? rnd.pick(words.OWNER_TITLES) : 'Partner',
      ownershipPercent: share,
      email: `${slug(ownerFirst)}.${slug(ownerLast)}@${domain}`,
      phone: phone(),
      dateOfBirthEnc: dob.enc,
      dateOfBirthLast4: dob.last4,
      ssnEnc: ssn.enc,
      ssnLast4: ssn.last4,
      position,
      createdAt,
      updatedAt: createdAt,
      createdBy: creator.id,
      updatedBy: creator.id,
    };
  });

  // A few were deleted (soft), so the lists' "deleted" filter and restore have something to show.
  const deletedAt = rnd.chance(0.015)
    ? new Date(lastAt.getTime() + rnd.next() * (ctx.now.getTime() - lastAt.getTime()))
    : null;
  if (deletedAt) event('deleted', deletedAt, rnd.pick(refs.staff).id);

  const sealedRouting = sealSensitive(routing, ctx.encryptionKey);
  const sealedAccount = sealSensitive(account, ctx.encryptionKey);
  const updatedAt = new Date(Math.max(...events.map((e) => e.at!.getTime())));
  const merchant: MerchantRows['merchant'] = {
    id,
    dbaName,
    legalName,
    stageId: target.id,
    pipeline: target.pipeline,
    stageEnteredAt: lastAt,
    agentId: agent?.id ?? null,
    companyId: agent?.companyId ?? (rnd.chance(0.5) ? rnd.pick(refs.companies).id : null),
    industryId: industry.id,
    leadSourceId: rnd.pick(refs.leadSources).id,
    assignedUserId: assignee?.id ?? null,
    contactFirstName: first,
    contactLastName: last,
    contactEmail: `${slug(first)}@${domain}`,
    contactPhone: phone(),
    addressLine1: `${rnd.int(10, 9899)} ${rnd.pick(words.STREETS)}`,
    addressLine2: rnd.chance(0.2) ? `Suite ${rnd.int(100, 450)}` : '',
    city: place.city,
    region: place.region,
    postalCode: place.zip,
    country: 'US',
    businessType,
    taxIdEnc: tax.enc,
    taxIdLast4: tax.last4,
    taxIdFingerprint: tax.fingerprint,
    website: rnd.chance(0.65) ? `https://www.${domain}` : '',
    foundedOn: `${rnd.int(1988, 2024)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
    monthlyVolume: Math.round(Math.exp(Math.log(5_000) + rnd.next() * Math.log(300)) / 100) * 100,
    averageTicket,
    highTicket: Math.round(averageTicket * rnd.int(3, 12)),
    cardPresentPercent: ['5734', '7372', '5966', '5967'].includes(industry.mcc)
      ? rnd.int(0, 2) * 5
      : rnd.int(6, 20) * 5,
    bankName: rnd.pick(words.BANKS),
    routingNumberEnc: sealedRouting.enc,
    routingNumberLast4: sealedRouting.last4,
    accountNumberEnc: sealedAccount.enc,
    accountNumberLast4: sealedAccount.last4,
    bankAccountFingerprint: bankAccountFingerprint(routing, account, ctx.encryptionKey),
    riskLevel: path.some((s) => s.pipeline === 'underwriting') ? industry.riskLevel : null,
    underwritingDecision,
    underwritingReason: underwritingDecision === 'declined' ? rnd.pick(words.DECLINE_REASONS) : '',
    decidedBy: decided ? decider.id : null,
    decidedAt,
    mid,
    goLiveOn,
    createdAt,
    updatedAt,
    createdBy: creator.id,
    updatedBy: creator.id,
    deletedAt,
  };
  return { merchant, owners, notes, events, intervals };
}
