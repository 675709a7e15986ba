// The generator of bench/eval/wrapped: a question wrapped the way visitors wrap theirs, in a
// greeting, their name, how to reach them, their order number, where they are, why they ask
// and a sign-off, before or after the question, in one message. Seeded and deterministic: the
// same question, key and seed always give the same variants.

import { rng } from '../../seeded.ts';

/** FNV-1a: a stable 32-bit hash of a string. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** mulberry32 (bench/seeded.ts): a small seeded generator of numbers in [0,1). */
export const random = rng;

/** Which half a variant belongs to: "tune" (its misses may be read) or "check" (counted only). */
export const half = (key: string): 'tune' | 'check' => (hash(key) % 2 === 0 ? 'tune' : 'check');

// Names from many languages and cultures, as visitors write them.
const PEOPLE = [
  'Anna Kowalski', 'Priya Nair', 'Lucas Moreau', 'Wei Zhang', 'Olusegun Adeyemi', 'Sofía Hernández', 'Mehmet Yılmaz', 'Aiko Tanaka',
  'Nguyen Thi Lan', 'Fatima Al-Sayed', "Siobhán O'Connor", 'Björn Lindqvist', 'Jan de Vries', 'Raj Patel', 'Kwame Mensah', 'Ivan Petrov',
  'Zoë Müller', 'José María García', 'Chen Jing', 'Ahmed Hassan', 'Leilani Kahale', 'Jean-Luc Dubois', 'Hannah Schmidt', 'Mateo Rossi',
  'Ngozi Okafor', 'Dmitri Volkov', 'Ayşe Demir', 'Karin van der Berg', 'Tom Becker', 'Maria Ruiz', 'Sipho Dlamini', 'Hiroshi Sato',
];
// Given names and surnames that are also English words.
const WORD_FIRST = ['Rose', 'Mark', 'Bill', 'Grace', 'Hunter', 'Page', 'Will', 'Faith', 'Hope', 'Joy', 'Dawn', 'Summer', 'Cliff', 'Drew', 'Frank',
  'Grant', 'Chase', 'Penny', 'Ruby', 'Amber', 'Robin', 'Sky', 'Max', 'Ray', 'Holly', 'Jack', 'Pat', 'Art', 'June', 'April', 'May', 'Iris', 'Ivy',
  'Pearl', 'Hazel', 'Miles', 'Sandy', 'Rich', 'Gene', 'Crystal'];
const WORD_LAST = ['Page', 'Hunter', 'Baker', 'Cook', 'Mason', 'Fisher', 'Miller', 'Stone', 'Wood', 'Hill', 'Young', 'Black', 'White', 'Green',
  'Price', 'Banks', 'Field', 'Lock', 'Key', 'Bell', 'Booth', 'Lane', 'Head', 'Case', 'Block', 'Bond', 'Cash', 'Hall', 'Ward', 'Street', 'Sharp',
  'Short', 'Long', 'Little', 'Port', 'Hook', 'Root', 'Branch', 'Stack', 'Post', 'Wells', 'Brooks', 'Walker', 'Carter', 'Porter', 'Turner',
  'Fox', 'Swift', 'Parker', 'Chambers', 'Hart', 'Moody', 'Bridges', 'Lines', 'Waters', 'Cross', 'Money', 'Rule', 'Low', 'Best'];
const ORGS = ['Acme Ltd', 'Globex GmbH', 'Initech', 'Nordwind AB', 'Blue Harbor Inc.', 'Sakura Trading', 'Soluciones Pérez SL', 'Tech Solutions',
  'the Riverside school', 'Dupont & Fils', 'Green Field Farms', 'Lagos Digital'];
const TITLES = ['Dr.', 'Mr.', 'Ms.', 'Prof.', 'Mrs.'];
const DOMAINS = ['example.com', 'example.de', 'example.fr', 'example.org', 'mail.example.co.uk', 'example.es', 'example.jp', 'example.net'];
const PHONES = ['+1 (207) 555-0166', '207-555-0134', '(415) 555 0199', '555.123.4567', '+44 20 7946 0958', '020 7946 0958', '07700 900123',
  '+33 1 23 45 67 89', '06 12 34 56 78', '+49 30 12345678', '030 1234567', '0171 2345678', '+91 98765 43210', '03-1234-5678',
  '+81 90-1234-5678', '+55 11 91234-5678', '0412 345 678', '+61 2 9876 5432', '+31 6 12345678', '+34 612 34 56 78', '+46 70 123 45 67',
  '+234 803 123 4567', '+27 82 123 4567', '+353 87 123 4567'];
const CITIES = ['Lyon', 'Kraków', 'São Paulo', 'Osaka', 'Lagos', 'Mumbai', 'Reykjavík', 'Montréal', 'Zürich', 'Cork', 'Austin', 'Nairobi',
  'Reading', 'Bath', 'Nice', 'Mobile, Alabama', 'Split', 'Hamburg', 'Melbourne', 'Porto'];
const ADDRESSES = ['12 Rose Street, Bristol BS1 4DJ', '221B Baker Street, London NW1 6XE', 'Hauptstraße 5, 10115 Berlin', '14 rue de la Paix, 75002 Paris',
  '350 Fifth Avenue, New York, NY 10118', 'Calle Mayor 10, 28013 Madrid', '1-2-3 Shibuya, Tokyo 150-0002', 'Flat 4, 9 Mill Lane, Leeds LS2 7EW'];
const REASONS = ["I'm setting up our office wifi.", "We're migrating our app next week.", 'My boss asked me to check this.', "I'm new to this and a bit lost.",
  "I've been stuck on this for an hour.", 'Just trying to understand this before a meeting.', "I'm writing a short guide for my team.",
  'A colleague told me to ask here.', "I couldn't find it in the docs myself.", "We're comparing options for our small business.",
  "I'm a student and this is for a class project.", 'This came up in a code review today.', 'Our customers keep asking me about it.',
  "Sorry if this is a basic question.", "I'm in a bit of a hurry.", 'I tried searching but got confused.'];
const GREETINGS = ['Hi', 'Hello', 'Hey', 'Good morning', 'Good afternoon', 'Hi there', 'Hello team', 'Hey there', 'Dear support', 'Hiya', 'Good evening'];

export type Wrapped = { message: string; parts: string[] };
type Person = { first: string; last: string; full: string; kind: string };

/** A question word that may be written small after a comma ("Hi, how do I…"). */
const LOWERABLE = /^(?:How|What|When|Where|Which|Who|Why|Can|Could|Do|Does|Is|Are|Should|Will|Would|In|On|If|For|With)\b/;

/**
 * Three wrapped variants of a question. `key` (the set and question id) and `seed` fix them;
 * `inKnowledge` says whether a word is one the set's pages use (for names that collide with them).
 */
export function wrap(question: string, key: string, seed: number, inKnowledge: (word: string) => boolean, count = 3): Wrapped[] {
  const rnd = random(hash(key) ^ seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const chance = (p: number) => rnd() < p;
  const knownFirst = WORD_FIRST.filter(inKnowledge);
  const knownLast = WORD_LAST.filter(inKnowledge);
  const person = (): Person => {
    const r = rnd();
    if (r < 0.4) {
      const full = pick(PEOPLE);
      const [first, ...rest] = full.split(' ');
      return { first, last: rest.join(' '), full, kind: 'name:world' };
    }
    const collide = r >= 0.7 && (knownFirst.length > 0 || knownLast.length > 0);
    const first = collide && knownFirst.length && chance(0.6) ? pick(knownFirst) : pick(WORD_FIRST);
    const last = (collide && knownLast.length ? pick(knownLast) : chance(0.5) ? pick(WORD_LAST) : pick(PEOPLE).split(' ').slice(-1)[0]).replace(new RegExp(`^${first}$`), 'Walker');
    return { first, last, full: `${first} ${last}`, kind: collide && (inKnowledge(first) || inKnowledge(last)) ? 'name:knowledge' : 'name:word' };
  };
  return Array.from({ length: count }, () => variant(question, person(), pick, chance));
}

function variant(question: string, who: Person, pick: <T>(xs: readonly T[]) => T, chance: (p: number) => boolean): Wrapped {
  // Which parts: at least two, each with its own odds.
  const want = (p: number) => chance(p);
  let parts = { greeting: want(0.55), intro: want(0.6), email: want(0.4), phone: want(0.3), order: want(0.35), city: want(0.25), reason: want(0.35), signoff: want(0.4) };
  if (Object.values(parts).filter(Boolean).length < 2) parts = { ...parts, intro: true, [pick(['email', 'phone', 'order', 'reason', 'signoff'] as const)]: true };
  const email = `${who.first}.${who.last}`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z.]+/g, pick(['', '_', '.']))
    + (chance(0.3) ? String(10 + Math.floor(chance(0.5) ? 80 : 9)) : '') + '@' + pick(DOMAINS);
  const phone = pick(PHONES);
  const before: string[] = [];
  const after: string[] = [];
  const put = (text: string, lateOdds: number) => (chance(lateOdds) ? after : before).push(text);
  const used: string[] = [];

  // Greeting and introduction open the message; the contact details ride along or stand alone.
  let opening = '';
  if (parts.greeting) {
    opening = pick(GREETINGS);
    used.push('greeting');
  }
  if (parts.intro) {
    const intro = pick([`I'm ${who.full}`, `I am ${who.first}`, `my name is ${who.full}`, `this is ${pick(TITLES)} ${who.full} from ${pick(ORGS)}`,
      `${who.full} here`, `it's ${who.first} from ${pick(ORGS)}`, `${who.first} ${who.last} from ${pick(ORGS)} here`]);
    const joint = /^Dear\b/.test(opening) ? ', ' : pick([', ', '! ', '. ']);
    opening = opening ? `${opening}${joint}${joint === ', ' ? intro : cap(intro)}` : cap(intro);
    used.push('intro', who.kind);
  }
  let ridesAlong = false;
  if (parts.intro && (parts.email || parts.phone) && chance(0.6)) {
    const contact = parts.email ? email : phone;
    opening += pick([` (${contact})`, `, ${contact}`, ` – ${contact}`]);
    ridesAlong = true;
  }
  if (parts.email) {
    if (!ridesAlong) put(pick([`My email is ${email}.`, `You can reach me at ${email}.`, `Email: ${email}.`, `(${email})`, `Contact me at ${email} if needed.`]), 0.5);
    used.push('email');
  }
  if (parts.phone) {
    if (!(ridesAlong && !parts.email)) put(pick([`My phone number is ${phone}.`, `Call me on ${phone}.`, `Tel: ${phone}.`, `Mobile ${phone}.`, `My number is ${phone}.`]), 0.5);
    used.push('phone');
  }
  if (parts.order) {
    const n = pick(['48213', '77120', '55120', '310294', '20931', '904417']);
    put(pick([`Order ${n}.`, `My order number is #${n}.`, `Re: ticket INC-${n}.`, `Account ID AC-${n}.`, `Booking ref ZX7K2P.`,
      `I'm writing about order no. ${n}.`, `Customer number ${n}${n}.`, `(case #${n})`]), 0.4);
    used.push('order');
  }
  if (parts.city) {
    put(chance(0.6) ? pick([`I'm in ${pick(CITIES)}.`, `Writing from ${pick(CITIES)}.`, `We're based in ${pick(CITIES)}.`])
      : pick([`I live at ${pick(ADDRESSES)}.`, `Our office is at ${pick(ADDRESSES)}.`, `Address: ${pick(ADDRESSES)}.`]), 0.4);
    used.push('city');
  }
  if (parts.reason) {
    put(pick(REASONS), 0.35);
    used.push('reason');
  }
  if (parts.signoff) {
    after.push(pick([`Thanks, ${who.first}`, `Cheers, ${who.first}`, `Best regards, ${who.full}`, `Kind regards,\n${who.full}`, `Thank you! - ${who.first}`,
      `— ${who.first}`, `Many thanks in advance, ${who.full}`, `Thx ${who.first}`, `Thanks!\n${who.first}`]));
    used.push('signoff');
    if (!parts.intro) used.push(who.kind);
  }
  if (after.length && !(after.length === 1 && parts.signoff)) used.push('after');
  // The opening runs into the question (", how do I…") only when nothing else stands between them.
  if (opening) before.unshift(opening + (/^Dear\b/.test(opening) && !parts.intro ? ',' : pick(before.length ? ['.', '!'] : ['.', '!', ',', ':', ' -'])));
  const lead = before.join(' ');
  // After a comma or colon the question may go on in small letters ("Hi Anna here, how do I…").
  const asked = /[,:-]$/.test(lead) && LOWERABLE.test(question) ? question[0].toLowerCase() + question.slice(1) : question;
  return { message: [lead, asked, after.join(' ')].filter(Boolean).join(' '), parts: used };
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
