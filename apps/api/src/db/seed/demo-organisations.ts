import type { CompanyType } from '@boardwalk/shared';

/** Demo companies and agent accounts for the embedded mode: fictional names, .example domains. */
export const DEMO_COMPANIES: {
  name: string;
  type: CompanyType;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  website: string;
  address: string;
}[] = [
  {
    name: 'Harborline Payments',
    type: 'processor',
    contactName: 'Rachel Kim',
    contactEmail: 'boarding@harborline.example',
    contactPhone: '(415) 555-0140',
    website: 'https://harborline.example',
    address: '201 Mission St, San Francisco, CA 94105',
  },
  {
    name: 'Meridian Merchant Services',
    type: 'processor',
    contactName: 'Tom Alvarez',
    contactEmail: 'partners@meridianms.example',
    contactPhone: '(470) 555-0111',
    website: 'https://meridianms.example',
    address: '3400 Peachtree Rd NE, Atlanta, GA 30326',
  },
  {
    name: 'First Prairie Bank, N.A.',
    type: 'sponsor_bank',
    contactName: 'Linda Novak',
    contactEmail: 'sponsorship@firstprairie.example',
    contactPhone: '(402) 555-0177',
    website: 'https://firstprairie.example',
    address: '1200 Farnam St, Omaha, NE 68102',
  },
  {
    name: 'Coastal Commerce Bank',
    type: 'sponsor_bank',
    contactName: 'George Whitfield',
    contactEmail: 'acquiring@coastalcommerce.example',
    contactPhone: '(757) 555-0193',
    website: 'https://coastalcommerce.example',
    address: '500 E Main St, Norfolk, VA 23510',
  },
  {
    name: 'Summit Partner ISO',
    type: 'partner_iso',
    contactName: 'Jenna Brooks',
    contactEmail: 'residuals@summitiso.example',
    contactPhone: '(303) 555-0125',
    website: 'https://summitiso.example',
    address: '1700 Lincoln St, Denver, CO 80203',
  },
  {
    name: 'Keystone Merchant Group',
    type: 'partner_iso',
    contactName: 'Victor Ruiz',
    contactEmail: 'ops@keystonemg.example',
    contactPhone: '(215) 555-0169',
    website: 'https://keystonemg.example',
    address: '1650 Market St, Philadelphia, PA 19103',
  },
  {
    name: 'Brightline Equipment Leasing',
    type: 'other',
    contactName: 'Amy Tran',
    contactEmail: 'leasing@brightline.example',
    contactPhone: '(512) 555-0158',
    website: 'https://brightline.example',
    address: '600 Congress Ave, Austin, TX 78701',
  },
];

/** `userEmail` links the account to that demo ROLE_AGENT user when present. */
export const DEMO_AGENTS: {
  name: string;
  agentCode: string;
  company: string;
  email: string;
  phone: string;
  splitPercent: number;
  isActive?: boolean;
  notes?: string;
  userEmail?: string;
}[] = [
  {
    name: 'Daniel Okafor',
    agentCode: 'DO-101',
    company: 'Summit Partner ISO',
    email: 'agent@example.com',
    phone: '(312) 555-0104',
    splitPercent: 50,
    userEmail: 'agent@example.com',
  },
  {
    name: 'Hannah Schmidt',
    agentCode: 'HS-102',
    company: 'Summit Partner ISO',
    email: 'hannah.schmidt@example.com',
    phone: '(212) 555-0107',
    splitPercent: 45,
    userEmail: 'hannah.schmidt@example.com',
  },
  {
    name: 'Dana Reyes',
    agentCode: 'DR-104',
    company: 'Keystone Merchant Group',
    email: 'dana.reyes@keystonemg.example',
    phone: '(215) 555-0188',
    splitPercent: 60,
  },
  {
    name: 'Marco Bianchi',
    agentCode: 'MB-107',
    company: 'Keystone Merchant Group',
    email: 'marco.bianchi@keystonemg.example',
    phone: '(267) 555-0132',
    splitPercent: 55,
  },
  {
    name: 'Aisha Mohammed',
    agentCode: 'AM-110',
    company: 'Harborline Payments',
    email: 'aisha.m@harborline.example',
    phone: '(415) 555-0161',
    splitPercent: 40,
  },
  {
    name: 'Kevin Walsh',
    agentCode: 'KW-112',
    company: 'Meridian Merchant Services',
    email: 'kwalsh@meridianms.example',
    phone: '(404) 555-0119',
    splitPercent: 35.5,
  },
  {
    name: 'Sunita Rao',
    agentCode: 'SR-115',
    company: 'Summit Partner ISO',
    email: 'sunita.rao@summitiso.example',
    phone: '(720) 555-0146',
    splitPercent: 65,
    notes: 'Focus on restaurants and quick-service.',
  },
  {
    name: 'Jamal Carter',
    agentCode: 'JC-118',
    company: 'Harborline Payments',
    email: 'jamal.carter@harborline.example',
    phone: '(510) 555-0172',
    splitPercent: 50,
  },
  {
    name: 'Olivia Martins',
    agentCode: 'OM-121',
    company: 'Meridian Merchant Services',
    email: 'omartins@meridianms.example',
    phone: '(678) 555-0190',
    splitPercent: 42.5,
  },
  {
    name: 'Greg Lindqvist',
    agentCode: 'GL-099',
    company: 'Keystone Merchant Group',
    email: 'greg.l@keystonemg.example',
    phone: '(610) 555-0128',
    splitPercent: 30,
    isActive: false,
    notes: 'Left in 2024; residuals still paid.',
  },
];
