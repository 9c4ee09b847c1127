import type { Action, Subject } from '@boardwalk/shared/ability';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AutoModeOutlined from '@mui/icons-material/AutoModeOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import ScoreboardOutlined from '@mui/icons-material/ScoreboardOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

type Gate = {
  /** Shown only if the ability allows action on subject; without both, any signed-in user sees it. */
  action?: Action;
  subject?: Subject;
};

export type NavLink = Gate & {
  title: string;
  path: string;
  icon?: SvgIconComponent;
  badgeContent?: string;
  badgeColor?: 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';
  disabled?: boolean;
  openInNewTab?: boolean;
};

export type NavGroup = Gate & {
  title: string;
  icon?: SvgIconComponent;
  badgeContent?: string;
  badgeColor?: NavLink['badgeColor'];
  children: (NavLink | NavGroup)[];
};

/** A heading; shown only when an entry below it (up to the next heading) is. */
export type NavSectionTitle = Gate & { sectionTitle: string };

export type NavItem = NavLink | NavGroup | NavSectionTitle;

export function isNavGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

export function isNavSectionTitle(item: NavItem): item is NavSectionTitle {
  return 'sectionTitle' in item;
}

const read = (subject: Subject): Gate => ({ action: 'read', subject });
const create = (subject: Subject): Gate => ({ action: 'create', subject });
/**
 * The pages that administer a reference list an agent reads for the pickers only (stages,
 * industries, their own agent accounts: docs/decisions/117): shown to those who may change it.
 */
const administer = (subject: Subject): Gate => ({ action: 'update', subject });

/** The vertical menu, in the product specification's order. Keep each gate equal to its page's ability. */
export const verticalNavItems: NavItem[] = [
  { title: 'Home', path: '/home', icon: HomeOutlined, ...read('home-page') },
  { title: 'Add Merchant', path: '/merchant/add', icon: AddBusinessOutlined, ...create('merchant') },
  { title: 'Import Merchants', path: '/merchant/import', icon: AddBusinessOutlined, ...create('merchant-import') },
  { title: 'Sales', path: '/merchant/sales', icon: PointOfSaleOutlined, ...read('merchant') },
  { title: 'Underwriting', path: '/merchant/underwriting', icon: FactCheckOutlined, ...read('merchant') },
  { title: 'Merchants', path: '/merchant/operations', icon: StorefrontOutlined, ...read('merchant') },
  { title: 'Dead', path: '/merchant/dead', icon: BlockOutlined, ...read('merchant') },
  { title: 'Reporting', path: '/report', icon: AssessmentOutlined, ...read('report') },
  { title: 'Todo', path: '/todo', icon: ChecklistOutlined, ...read('todo') },
  // Icons already imported above: the menu is in the first load, and a new icon would add to it.
  { title: 'My Queue', path: '/my-queue', icon: PersonOutlineOutlined, ...read('merchant') },
  // Not in the SPEC's vertical list (it sits in the template's horizontal menu): the one page
  // an agent may open, so an agent's menu is not empty.
  { title: 'Access Control', path: '/acl', icon: ShieldOutlined, ...read('acl-page') },

  { sectionTitle: 'Settings' },
  {
    title: 'User',
    icon: PersonOutlineOutlined,
    ...read('user'),
    children: [
      { title: 'List', path: '/user/list', ...read('user') },
      { title: 'Add', path: '/user/add', ...create('user') },
    ],
  },
  { title: 'Agent Accounts', path: '/agent/list', icon: SupportAgentOutlined, ...administer('agent') },
  {
    title: 'Template',
    icon: DescriptionOutlined,
    ...read('template-page'),
    children: [
      { title: 'List', path: '/template/list', ...read('template-page') },
      { title: 'Add', path: '/template/add', ...create('template') },
      { title: 'Wiki', path: '/template/wiki', ...read('template-page') },
    ],
  },
  { title: 'Stage', path: '/stage/list', icon: ViewKanbanOutlined, ...administer('stage') },
  { title: 'Scorecards', path: '/scorecard/list', icon: ScoreboardOutlined, ...read('scorecard') },
  { title: 'Sanctions Lists', path: '/sanctions-list/list', icon: PolicyOutlined, ...read('sanctions-list') },
  { title: 'Company', path: '/company/list', icon: BusinessOutlined, ...read('company') },
  { title: 'Automations', path: '/automation/list', icon: AutoModeOutlined, ...read('automation') },
  { title: 'Lead Source', path: '/lead-source/list', icon: CampaignOutlined, ...read('lead-source') },
  { title: 'Assignment Rules', path: '/assignment-rule/list', icon: SupportAgentOutlined, ...read('assignment-rule') },
  { title: 'Industries', path: '/industry/list', icon: CategoryOutlined, ...administer('industry') },
  {
    title: 'Logs',
    icon: HistoryOutlined,
    ...read('log'),
    children: [
      { title: 'Automation Execution', path: '/history/automations', ...read('log') },
      { title: 'Stage Action Execution', path: '/history/stage-actions', ...read('stage-action') },
      { title: 'Emails', path: '/history/emails', ...read('log') },
      { title: 'Cron Job', path: '/history/cron-jobs', ...read('log') },
      { title: 'API Usage', path: '/history/api', ...read('api-usage') },
      { title: 'Audit Log', path: '/history/audit', ...read('audit') },
    ],
  },
  { title: 'Portal Global Settings', path: '/setting/list', icon: SettingsOutlined, ...read('setting') },
  { title: 'API Tokens', path: '/setting/api-tokens', icon: KeyOutlined, ...read('api-token') },
  { title: 'API Documentation', path: '/api-docs', icon: MenuBookOutlined, ...read('api-docs') },
];
