/**
 * Word lists of the demo merchants (issue 9 §4): fictional businesses, people and streets in
 * real US cities, with .example e-mail domains and 555-01xx phone numbers (reserved for fiction).
 */

export const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'William', 'Elizabeth',
  'Carlos', 'Sofia', 'Ahmed', 'Fatima', 'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Raj', 'Anita', 'Kwame', 'Amara',
  'Luis', 'Camila', 'Ivan', 'Olga', 'Sean', 'Siobhan', 'Thomas', 'Grace', 'Daniel', 'Rosa', 'Peter',
  'Nadia', 'Andre', 'Keisha', 'Tyler', 'Megan', 'Brandon', 'Ashley', 'Minh', 'Lan', 'Omar', 'Leila',
  'Giovanni', 'Francesca', 'Samuel', 'Ruth', 'Diego', 'Valentina',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Garcia', 'Martinez', 'Brown', 'Davis', 'Lopez', 'Wilson', 'Anderson',
  'Nguyen', 'Kim', 'Patel', 'Chen', 'Wong', 'Tanaka', 'Okafor', 'Mensah', 'Haddad', 'Khan', 'Rossi',
  'Russo', 'Murphy', 'Kelly', 'Kowalski', 'Novak', 'Ivanova', 'Hernandez', 'Gonzalez', 'Rivera',
  'Thompson', 'Moore', 'Jackson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young', 'King',
  'Schneider', 'Fischer', 'Dubois', 'Silva', 'Costa', 'Park', 'Cho', 'Singh', 'Ali', 'Cohen',
] as const;

/** Real cities with a plausible ZIP and area code each. */
export const CITIES = [
  { city: 'Austin', region: 'TX', zip: '78701', area: '512' },
  { city: 'Houston', region: 'TX', zip: '77002', area: '713' },
  { city: 'Dallas', region: 'TX', zip: '75201', area: '214' },
  { city: 'Phoenix', region: 'AZ', zip: '85004', area: '602' },
  { city: 'Denver', region: 'CO', zip: '80202', area: '303' },
  { city: 'Seattle', region: 'WA', zip: '98101', area: '206' },
  { city: 'Portland', region: 'OR', zip: '97205', area: '503' },
  { city: 'San Diego', region: 'CA', zip: '92101', area: '619' },
  { city: 'Los Angeles', region: 'CA', zip: '90012', area: '213' },
  { city: 'San Jose', region: 'CA', zip: '95113', area: '408' },
  { city: 'Chicago', region: 'IL', zip: '60601', area: '312' },
  { city: 'Minneapolis', region: 'MN', zip: '55401', area: '612' },
  { city: 'Columbus', region: 'OH', zip: '43215', area: '614' },
  { city: 'Detroit', region: 'MI', zip: '48226', area: '313' },
  { city: 'Nashville', region: 'TN', zip: '37203', area: '615' },
  { city: 'Atlanta', region: 'GA', zip: '30303', area: '404' },
  { city: 'Miami', region: 'FL', zip: '33130', area: '305' },
  { city: 'Orlando', region: 'FL', zip: '32801', area: '407' },
  { city: 'Charlotte', region: 'NC', zip: '28202', area: '704' },
  { city: 'Richmond', region: 'VA', zip: '23219', area: '804' },
  { city: 'Philadelphia', region: 'PA', zip: '19103', area: '215' },
  { city: 'Pittsburgh', region: 'PA', zip: '15222', area: '412' },
  { city: 'Brooklyn', region: 'NY', zip: '11201', area: '718' },
  { city: 'Boston', region: 'MA', zip: '02108', area: '617' },
  { city: 'Providence', region: 'RI', zip: '02903', area: '401' },
  { city: 'Salt Lake City', region: 'UT', zip: '84101', area: '801' },
  { city: 'Albuquerque', region: 'NM', zip: '87102', area: '505' },
  { city: 'Kansas City', region: 'MO', zip: '64105', area: '816' },
  { city: 'New Orleans', region: 'LA', zip: '70112', area: '504' },
  { city: 'Omaha', region: 'NE', zip: '68102', area: '402' },
] as const;

export const STREETS = [
  'Main St', 'Oak Ave', 'Maple Dr', 'Elm St', 'Washington Blvd', 'Lincoln Ave', 'Park Pl', 'Cedar Ln',
  'Market St', 'Broadway', 'Sunset Blvd', 'River Rd', 'Lake St', 'Hillcrest Dr', 'Pine St', '2nd Ave',
  '5th St', 'Chestnut St', 'Highland Ave', 'Commerce Way',
] as const;

/** The first word of a DBA name. */
export const NAME_PREFIXES = [
  'Golden', 'Blue Ridge', 'Sunrise', 'Harbor', 'Main Street', 'Riverside', 'Lakeside', 'Urban', 'Copper',
  'Evergreen', 'Liberty', 'Pioneer', 'Summit', 'Maple', 'Cedar', 'Silver', 'Northside', 'Bayview',
  'Prairie', 'Red Rock', 'Old Town', 'Magnolia', 'Desert Rose', 'Lucky', 'Bright', 'Twin Pines', 'Coastal',
  'Hometown', 'Midtown', 'Pacific',
] as const;

/** Business nouns by MCC (the demo industries); other MCCs take GENERIC_NOUNS. */
export const NOUNS_BY_MCC: Record<string, readonly string[]> = {
  '5812': ['Bistro', 'Grill', 'Kitchen', 'Trattoria', 'Taqueria', 'Diner', 'Cafe', 'Steakhouse', 'Noodle House'],
  '5814': ['Burger Shack', 'Pizza', 'Tacos', 'Wings', 'Subs', 'Chicken Express'],
  '5411': ['Market', 'Grocers', 'Food Mart', 'Farm Stand'],
  '5251': ['Hardware', 'Tool Supply'],
  '5200': ['Home Supply', 'Building Center'],
  '5533': ['Auto Parts', 'Parts Depot'],
  '5541': ['Fuel Stop', 'Gas & Go'],
  '5661': ['Shoes', 'Footwear'],
  '5691': ['Boutique', 'Apparel', 'Outfitters'],
  '5732': ['Electronics', 'Tech Hub'],
  '5734': ['Software', 'Code Shop'],
  '5912': ['Pharmacy', 'Drug Store'],
  '5942': ['Books', 'Book Nook'],
  '5944': ['Jewelers', 'Fine Jewelry'],
  '5945': ['Toys & Games', 'Hobby Shop'],
  '5947': ['Gifts', 'Card Shop'],
  '5977': ['Beauty Supply', 'Cosmetics'],
  '5992': ['Florist', 'Flower Co.', 'Blooms'],
  '5993': ['Cigar Lounge', 'Smoke Shop'],
  '5995': ['Pet Supply', 'Pet Pantry'],
  '7011': ['Inn', 'Motel', 'Suites', 'Lodge'],
  '7221': ['Photography', 'Portrait Studio'],
  '7230': ['Barbershop', 'Salon', 'Hair Studio'],
  '7538': ['Auto Repair', 'Car Care', 'Tire & Brake'],
  '7542': ['Car Wash', 'Auto Spa'],
  '4121': ['Limousine', 'Cab Co.'],
  '4722': ['Travel', 'Tours'],
};
export const GENERIC_NOUNS = ['Trading Co.', 'Services', 'Supply', 'Group', 'Company', 'Shop'] as const;

export const LEGAL_SUFFIXES = { llc: 'LLC', corporation: 'Inc.', partnership: 'Partners LP' } as const;

export const BANKS = [
  'Chase', 'Bank of America', 'Wells Fargo', 'U.S. Bank', 'PNC Bank', 'Truist', 'TD Bank', 'Regions Bank',
  'First Prairie Bank, N.A.', 'Coastal Commerce Bank', 'Local Credit Union',
] as const;

export const OWNER_TITLES = ['Owner', 'President', 'CEO', 'Managing Member', 'Partner', 'CFO'] as const;

export const NOTES = [
  'Called the owner: interested, wants pricing for interchange-plus.',
  'Sent the application link by email.',
  'Merchant asked for a countertop terminal and a second one for the patio.',
  'Left a voicemail, will try again Thursday.',
  'Owner is switching from Square; current statements requested.',
  'Received three months of processing statements.',
  'Voided check received, bank letter still missing.',
  'Underwriting asked for a copy of the business license.',
  'Chargeback ratio on prior statements is under 0.3%, looks fine.',
  'Site inspection done, storefront matches the application.',
  'Equipment shipped by UPS, tracking number in the boarding sheet.',
  'Training call scheduled with the manager for Monday 10am.',
  'First batch settled without issues.',
  'Merchant wants next-day funding; quoted the fee.',
  'Prefers to be contacted by text message.',
  'Seasonal business: volume peaks in summer.',
  'Asked about online payments for their new website.',
  'Owner unreachable for two weeks.',
] as const;

export const DECLINE_REASONS = [
  'Excessive chargebacks on prior processing statements.',
  'Business could not be verified.',
  'Credit history of the principal outside our risk appetite.',
] as const;
