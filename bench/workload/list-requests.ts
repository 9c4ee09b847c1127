import { MERCHANT_SORT_COLUMNS, UNDERWRITING_DECISIONS } from '../../packages/shared/src/merchant-enums.ts';
import { MERCHANT_VIEWS, merchantListPath, type MerchantView } from '../../packages/shared/src/pipelines.ts';
import { RISK_LEVELS } from '../../packages/shared/src/risk-levels.ts';
import type { Random } from './random.ts';

/** What a list filter may name, read from the bench database. */
export type ListChoices = {
  stageIdsByView: Record<MerchantView, string[]>;
  agentIds: string[];
  userIds: string[];
  companyIds: string[];
  industryIds: string[];
  leadSourceIds: string[];
};

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Each filter of the list as staff set it: one value from what the data holds. */
function filterDraws(choices: ListChoices, view: MerchantView, random: Random): (() => [string, string][])[] {
  const one = (key: string, values: readonly string[]) => (): [string, string][] => [[key, random.pick(values)]];
  const range = (from: string, to: string) => (): [string, string][] => {
    const start = random.int(30, 2000);
    return [
      [from, day(start)],
      [to, day(Math.max(0, start - random.int(7, 365)))],
    ];
  };
  return [
    one('stageId', choices.stageIdsByView[view]),
    one('agentId', choices.agentIds),
    one('assignee', ['me', 'none', ...choices.userIds]),
    one('companyId', choices.companyIds),
    one('industryId', choices.industryIds),
    one('leadSourceId', choices.leadSourceIds),
    one('decision', UNDERWRITING_DECISIONS),
    one('riskLevel', RISK_LEVELS),
    range('createdFrom', 'createdTo'),
    range('stageEnteredFrom', 'stageEnteredTo'),
    () => [['overSla', 'true']],
  ];
}

/**
 * `count` list requests, every one different, as staff send them: any view, any sort the API
 * allows in either order, none, one or two of the list's filters, pages 0–9 of 25 to 100 rows.
 */
export function listRequests(count: number, choices: ListChoices, random: Random): string[] {
  const seen = new Set<string>();
  for (let tries = 0; seen.size < count && tries < count * 20; tries++) {
    const view = random.pick(MERCHANT_VIEWS);
    const params = new URLSearchParams({
      sort: random.pick(MERCHANT_SORT_COLUMNS),
      order: random.pick(['asc', 'desc']),
      page: String(random.int(0, 9)),
      pageSize: String(random.int(25, 100)),
    });
    const draws = filterDraws(choices, view, random);
    const filters = random.int(0, 2);
    for (let i = 0; i < filters; i++) {
      const draw = draws.splice(random.int(0, draws.length - 1), 1)[0]!;
      for (const [key, value] of draw()) params.set(key, value);
    }
    seen.add(`${merchantListPath(view)}?${params}`);
  }
  return [...seen];
}

/** Every view × sort × order once, unfiltered, first page: the combinations the budget names. */
export function everySortOfEveryView(): string[] {
  return MERCHANT_VIEWS.flatMap((view) =>
    MERCHANT_SORT_COLUMNS.flatMap((sort) =>
      (['asc', 'desc'] as const).map((order) => `${merchantListPath(view)}?sort=${sort}&order=${order}&pageSize=25`),
    ),
  );
}
