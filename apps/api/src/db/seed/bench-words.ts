/**
 * The vocabulary and the distributions of the bench portfolio (bench-merchants.ts), as SQL
 * expressions over the row number `g`: no random(), so a seed of N merchants makes the same rows
 * on every run, on both loading connections.
 *
 * Names must look like a real portfolio to a search: almost every business name distinct (with a
 * few chains sharing one), contacts drawn from pools of thousands of names, phones and emails
 * distinct. Real words alone cannot give that (fifty adjectives by fifty nouns is 2,500 names), so
 * most surnames and name stems are made of syllables ("Kelvaro", "Brisdan"): pronounceable, of
 * the lengths and letters of real names, and tens of thousands of them.
 */

export const WORDS = {
  adjective: `Blue Golden Silver Red Green Happy Sunny Urban Rustic Coastal Mountain Royal Lucky Bright Quiet Swift
    Northern Southern Eastern Western Grand Little Big Old New Modern Classic Fresh Wild Hidden Velvet Copper Iron Maple
    Cedar Oak Pine Harbor River Lake Prairie Desert Summit Valley Midtown Downtown Uptown Corner Village Metro`,
  noun: `Bakery Cafe Coffee Books Deli Grill Kitchen Market Pharmacy Salon Spa Fitness Garage Motors Florist Boutique
    Hardware Tavern Bistro Pizzeria Taqueria Sushi Noodles Bagels Donuts Creamery Brewery Winery Outfitters Electronics
    Cycles Pets Jewelers Tailors Cleaners Dental Optics Studio Gallery Print Supply Furniture Toys Games Records Liquors
    Laundry Nails Barbers`,
  suffix: `Shop Store Company Group House Place Works Express Direct Partners Corner Depot Hub Center Emporium Studio
    Collective Supply Co`,
  legal: `LLC Inc Corp Ltd LLP PLLC`,
  syllable: `ka lo mi ra ven tor bel dan sil mar cor lin fen gar hol jas kel len mor nor pel quin ros sten tal ul vas wen
    yar zel bri cal dor el fal gri hal is jor kin`,
  first: `James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard Susan Joseph
    Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald
    Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George
    Melissa Timothy Deborah Maria Jose Wei Aisha Omar Priya Hiro Elena Lukas Sofia Ronald Stephanie Edward Rebecca Jason
    Laura Jeffrey Cynthia Ryan Kathleen Jacob Amy Gary Angela Nicholas Shirley Eric Anna Jonathan Brenda Stephen Pamela
    Larry Emma Justin Nicole Scott Helen Brandon Samantha Benjamin Katherine Samuel Christine Gregory Debra Alexander
    Rachel Frank Carolyn Patrick Janet Raymond Catherine Jack Heather Dennis Diane Jerry Ruth Tyler Julie Aaron Olivia
    Henry Joyce Adam Virginia Douglas Victoria Nathan Kelly Peter Lauren Zachary Christina Kyle Joan Walter Evelyn Harold
    Judith Jeremy Megan Ethan Andrea Carl Cheryl Keith Hannah Roger Jacqueline Gerald Martha Christian Gloria Terry Teresa
    Sean Ann Arthur Sara Austin Madison Noah Frances Lawrence Kathryn Jesse Janice Joe Jean Bryan Abigail Billy Alice
    Jordan Judy Albert Sophia Dylan Grace Bruce Denise Willie Amber Gabriel Doris Alan Marilyn Juan Danielle Logan Beverly
    Wayne Isabella Ralph Theresa Roy Diana Eugene Natalie Randy Brittany Vincent Charlotte Russell Marie Louis Kayla Philip
    Alexis Bobby Lori Johnny Alyssa Mateo Yuki Chen Fatima Ahmed Ingrid Pavel Amara Kwame Rosa Diego Lucia Mei Ravi Anya`,
  last: `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
    Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson
    Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell
    Mitchell Carter Roberts Chen Patel Kim Okafor Novak Rossi Muller Silva`,
  city: `Springfield Riverside Franklin Greenville Bristol Clinton Fairview Salem Madison Georgetown Arlington Ashland
    Dover Oxford Jackson Burlington Manchester Milton Newport Auburn Dayton Lexington Milford Winchester Austin Denver
    Portland Phoenix Seattle Boston Atlanta Chicago Houston Miami Nashville Omaha Tucson Reno Boise Tulsa`,
  region: `AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK
    OR PA RI SC SD TN TX UT VT VA WA WV WI WY`,
  bank: `Chase Wells_Fargo Bank_of_America Citibank US_Bank PNC Truist Capital_One TD_Bank Fifth_Third`,
  domain: `example.com example.net example.org mail.example shop.example biz.example`,
  /** Area codes in service (so a phone library takes every number as a valid US number). */
  area: `201 202 203 205 206 207 208 209 210 212 213 214 215 216 217 218 219 224 225 228 229 231 234 239 240 248
    251 252 253 254 256 260 262 267 269 270 276 281 301 302 303 304 305 307 308 309 310 312 313 314 315 316 317
    318 319 320 321 323 330 334 336 337 339 347 351 352 360 361 386 401 402 404 405 406 407 408 409 410 412 413
    414 415 417 419 423 424 425 432 434 435 440 443 469 478 479 480 484 501 502 503 504 505 507 508 509 510 512
    513 515 516 517 518 520 530 540 541 551 559 561 562 563 567 570 571 573 574 580 585 586 601 602 603 605 606
    607 608 609 610 612 614 615 616 617 618 619 620 623 626 630 631 636 641 646 650 651 660 661 662 678 682 701
    702 703 704 706 707 708 712 713 714 715 716 717 718 719 720 724 727 731 732 734 740 754 757 760 763 765 770
    772 773 774 775 781 785 786 801 802 803 804 805 806 808 810 812 813 814 815 816 817 818 828 830 831 832 843
    845 847 850 856 857 858 859 860 862 863 864 865 870 901 903 904 906 907 908 909 910 912 913 914 915 916 917
    918 919 920 925 928 931 936 937 940 941 949 951 952 954 956 970 971 972 973 978 979 980 985 989`,
};

export type WordList = keyof typeof WORDS;

/** The words of a list (underscores stand for spaces). */
export const wordsOf = (list: WordList) =>
  WORDS[list]
    .trim()
    .split(/\s+/)
    .map((w) => w.replaceAll('_', ' '));

/** `ARRAY['a','b',…]` of a word list. */
export const sqlArray = (list: WordList) =>
  `(ARRAY[${wordsOf(list)
    .map((w) => `'${w.replaceAll("'", "''")}'`)
    .join(',')}]::text[])`;

export const size = (list: WordList) => wordsOf(list).length;

/**
 * A uniform number in [0, 1) for row `g` and a `salt` naming the draw: PostgreSQL's own 64-bit
 * hash of the pair, its low 53 bits as a double. Independent across salts (a multiplicative hash
 * of g + salt is not: its draws are shifts of one sequence), fixed across runs.
 */
export const uniform = (g: string, salt: number) =>
  `((hashint8extended(${g}::bigint, ${salt}) & 9007199254740991)::float8 / 9007199254740992.0)`;

/** A word of `list` picked by a uniform draw. */
export const pick = (array: string, list: WordList, u: string) => `${array}[1 + floor(${u} * ${size(list)})::int]`;

/**
 * A rank in 1..n drawn with a Zipf-like (1/k) skew: the first few agents and industries carry
 * most merchants, a long tail a handful each, as in a real book of business.
 */
export const zipfRank = (n: number, u: string) => `least(${n}, floor(power(${n + 1}::float8, ${u}))::int)`;

/** A standard normal draw from two uniforms (Box–Muller). */
export const normal = (u1: string, u2: string) => `(sqrt(-2 * ln(1 - ${u1})) * cos(2 * pi() * ${u2}))`;

/** A made-up name word of two or three syllables: "Kelvaro", "Brisdan". */
export const madeUpWord = (syllables: string, g: string, salt: number) => {
  const s = (k: number) => pick(syllables, 'syllable', uniform(g, salt + k));
  return `initcap(${s(0)} || ${s(1)} || CASE WHEN ${uniform(g, salt + 3)} < 0.7 THEN ${s(2)} ELSE '' END)`;
};
