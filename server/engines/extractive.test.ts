/**
 * What the extractive engine answers from a passage (issue 20): the unit that holds the fact
 * with what it needs (a list with its lead-in, a row with its headers), one unit per part of a
 * several-part question, and a "don't know" (null) when the answer would be a neighbour's:
 * a thing the question names is missing, the kind of fact asked for is missing, or the
 * question names something the knowledge never mentions.
 */
import { describe, expect, test } from 'vitest';
import { KnowledgeBase } from '../knowledge/knowledge.ts';
import { compose, itemNumbers, MIN_SENTENCE, RULES, type ComposeProbe, type RuleName } from './extractive.ts';
import { ASKS_SEVERAL, DEFINES, questionParts } from './question-frames.ts';
import { ANSWER_TYPES } from './answer-types.ts';
import { terms } from '../knowledge/text.ts';

const kb = new KnowledgeBase({
  knowledge: {
    dir: null,
    documents: [
      { id: 'tools', title: 'Tools', url: '', text: '# Tools\n\nMemcheck makes a program run 10 to 50 times slower. Cachegrind simulates the caches of the machine.\n\nThe suite includes these tools:\n\n- Memcheck, a memory error detector\n- Cachegrind, a cache profiler\n- Massif, a heap profiler' },
      { id: 'account', title: 'Account', url: '', text: '# Account\n\nTo change your password, open Settings, then Account. A dedicated desk costs $399 per month.' },
      { id: 'billing', title: 'Billing', url: '', text: '# Paying\n\nAutopay takes the payment from your card. A late fee of $7 applies after 10 days.\n\n| Plan | Price | Data |\n|---|---|---|\n| Basic | $30 | 10 GB |\n| Plus | $45 | 50 GB |' },
    ],
  },
});
/** A knowledge base of these documents only. */
const baseOf = (documents: ConstructorParameters<typeof KnowledgeBase>[0]['knowledge']['documents']) => new KnowledgeBase({ knowledge: { dir: null, documents } });
/** What the engine answers from a knowledge base: the composed text, or null for "don't know". */
const answerFrom = (base: KnowledgeBase, q: string, probe?: ComposeProbe) => {
  const f = base.search(q);
  return compose(q, f.passages, f.weights, 'en', f.unknownNames, f.alternatives, f.earlier, f.unknownWords, f.following, probe)?.text ?? null;
};
const answer = (q: string) => answerFrom(kb, q);
/** Passages of one manual under one heading (its pages, as a PDF's page breaks cut them), with their relevance. */
const manualPages = (heading: string, pages: [string, number][]) => pages.map(([text, score], i) => ({ id: `manual#${i}`, sourceId: 'manual', title: 'Manual', url: '', heading, text, score }));

describe('extractive answers', () => {
  test('a lead-in brings its items; a table row names its headers', () => {
    expect(answer('Which tools does the suite include?')).toBe('The suite includes these tools:\n- Memcheck, a memory error detector\n- Cachegrind, a cache profiler\n- Massif, a heap profiler');
    expect(answer('How much is the Plus plan?')).toBe('Plan: Plus; Price: $45; Data: 50 GB');
  });

  test('a version inside a hyphenated name is no version asked for', () => {
    const kb = baseOf([{ id: 'routes', title: 'Routes', url: '', text: '## Version Constraints\n\nFastify will require a request `Accept-Version` header to be set if the route has a version set. If the request lacks an `Accept-Version` header, a 404 error will be returned.' }]);
    expect(answerFrom(kb, 'What does Fastify return when a request to a versioned route has no Accept-Version header?')).toContain('404 error');
    expect(ANSWER_TYPES.some(([asks]) => asks.test('What does Fastify return when a request has no Accept-Version header?'))).toBe(false);
    expect(ANSWER_TYPES.some(([asks]) => asks.test('Which version added the Accept-Version header?'))).toBe(true);
  });

  test('each part of a several-part question gets its unit, and nothing else joins', () => {
    const text = answer('How much is the late fee, and how much data does Basic include?');
    expect(text).toContain('$7');
    expect(text).toContain('10 GB');
    expect(text).not.toContain('Autopay');
  });

  test('"…, and why …?" is a part of its own', () => {
    const history = baseOf([
      { id: 'history', title: 'History', url: '', text: '# History\n\nBefore its release the lamp was going to be called Beacon. The first lamps were made in Porto in 2019, in a small workshop near the river.\n\nThe Beacon name was dropped because a lighthouse company already had the trademark.' },
      { id: 'warranty', title: 'Warranty', url: '', text: '# Warranty\n\nThe lamp has a 2-year warranty.' },
    ]);
    // Read as one part, no sentence says enough of the whole question.
    const text = answerFrom(history, 'What was the lamp going to be called, and why did the makers drop that name in the end?') ?? '';
    expect(text).toContain('called Beacon');
    expect(text).toContain('because a lighthouse company');
  });

  test('a sentence right beside the answer in its paragraph joins for less of the question than another unit must say', () => {
    const passages = [{ id: 'privacy#6', sourceId: 'privacy', title: 'Privacy policy', url: '', heading: '6. Your rights', score: 1,
      text: '6.2 To use any of these rights, e-mail privacy@example.com. We will answer within 30 days.\n\n6.3 Requests are free of charge. For a second copy of the same data within 12 months we may charge a fee of $10.' }];
    const weights = new Map([['charg', 2.16], ['request', 2.88], ['see', 4.44], ['data', 2.01], ['ask', 2.56], ['second', 2.88], ['copi', 2.56]]);
    const alternatives = new Map([['charg', ['charg', 'price', 'cost', 'fee', 'rate']]]);
    // The second part's sentence answers; the one before it says "requests" and "charge", under
    // the floor for the first part (it lacks "see") and under FILL_SHARE of the whole question.
    const ask = (q: string) => compose(q, passages, weights, 'en', [], alternatives)?.text ?? '';
    // One a paragraph away ("We will answer within 30 days.") is not beside it.
    expect(ask('Do you charge for a request to see my data, and what if I ask for a second copy of it?')).toBe('6.3 Requests are free of charge. For a second copy of the same data within 12 months we may charge a fee of $10.');
  });

  test('a part is answered from the passage about it, though that passage is less relevant to the whole question', () => {
    const passages = [
      { id: 'pro#0', sourceId: 'pro', title: 'Pro', url: '', heading: 'Pro plan', text: 'Shipping is free for the first 30 days. The Pro plan costs $20 a month.', score: 1 },
      { id: 'ship#0', sourceId: 'ship', title: 'Shipping', url: '', heading: 'Islands', text: 'Shipping to the islands takes 5 days.', score: 0.6 },
    ];
    const weights = new Map([['pro', 3], ['cost', 1], ['ship', 3], ['island', 1.5]]);
    const text = compose('What does the Pro plan cost, and how long does shipping to the islands take?', passages, weights)?.text ?? '';
    expect(text).toContain('$20');
    // The Pro page speaks of shipping, not of the islands: the page on shipping to the islands answers.
    expect(text).toContain('takes 5 days');
    expect(text).not.toContain('30 days');
  });

  test("a follow-up's unit may say the earlier question's words instead of the visitor's new ones", () => {
    const passages = [
      { id: 'r#0', sourceId: 'r', title: 'Roaming', url: '', heading: 'Cruise ships', text: 'On cruise ships your phone uses a satellite network. Calls cost $3.00 per minute and data costs $5.00 per MB.', score: 0.6 },
    ];
    // "what about a minute of talking out there?" after "what does data cost per MB on a cruise ship?"
    const weights = new Map([['minut', 2.2], ['talk', 6], ['out', 2.8], ['cruis', 3.6], ['data', 0.8], ['cost', 1.4], ['per', 1], ['mb', 1.6], ['ship', 1.8]]);
    const earlier = ['cruis', 'data', 'cost', 'per', 'mb', 'ship'];
    const q = 'what about a minute of talking out there?';
    expect(compose(q, passages, weights, 'en', [], new Map(), earlier)?.text).toContain('$3.00 per minute');
    // Asked alone, the unit covers too little of the question.
    expect(compose(q, passages, weights)).toBeNull();
    // The unit that answered the earlier question, saying none of the new words, does not answer again.
    const discount = new Map([['discount', 6], ...earlier.map((t) => [t, weights.get(t)!] as [string, number])]);
    expect(compose('and is there a discount?', passages, discount, 'en', [], new Map(), earlier)).toBeNull();
  });

  test('a follow-up of no words of its own ("What does it do?") asks of what the earlier turn named', () => {
    const base = baseOf([{ id: 'opts', title: 'Options', url: '', text: '# Error-related options\n\n--sigill-diagnostics=<yes|no> [default: yes]\n\nEnable/disable printing of illegal instruction diagnostics.\n\n--show-below-main=<yes|no> [default: no]\n\nBy default, stack traces for errors do not show any functions that appear beneath main.' }]);
    const f = base.search('What does it do?', { history: [{ role: 'user', content: 'Tell me about --sigill-diagnostics.' }] });
    expect(compose('What does it do?', f.passages, f.weights, 'en', f.unknownNames, f.alternatives, f.earlier, f.unknownWords)?.text).toContain('illegal instruction diagnostics');
    // Searched with no earlier turn, it names nothing and has nothing to answer.
    expect(answerFrom(base, 'What does it do?')).toBeNull();
  });

  test("of units that say as much of a follow-up's new words, the one about the earlier topic answers", () => {
    const passages = [
      { id: 'h#0', sourceId: 'h', title: 'House rules', url: '', heading: 'Meeting rooms', text: '| Room | Seats | Price per hour |\n|---|---|---|\n| Skiff Room | 4 | $20 |\n| Sloop Room | 6 | $30 |', score: 0.5 },
    ];
    // "what's the hourly price for it?" after "How many seats does the Sloop Room have?"
    const weights = new Map([['hourli', 3.4], ['price', 2.2], ['seat', 3.4], ['sloop', 1.7], ['room', 0.8]]);
    const text = compose("what's the hourly price for it?", passages, weights, 'en', [], new Map([['hourli', ['hourli', 'hour']]]), ['seat', 'sloop', 'room'])?.text ?? '';
    expect(text).toContain('Sloop Room');
    expect(text).not.toContain('Skiff Room');
  });

  test('a part that asks the same of two named things is asked of each', () => {
    const passages = [
      { id: 'w#0', sourceId: 'w', title: 'Workers', url: '', heading: 'new Worker(options)', text: '| Version | Changes |\n|---|---|\n| v2.0.0 | The idleTimeout option of new workers was introduced. |\n\n- maxRetries <number> How often a failed job is retried. Default: 3.', score: 1 },
      { id: 'w#1', sourceId: 'w', title: 'Workers', url: '', heading: 'Options', text: '- idleTimeout <number> How long an idle worker waits before it stops. Default: 5000.', score: 0.8 },
    ];
    const weights = new Map([['start', 2], ['new', 2], ['worker', 1.5], ['maxretri', 5.5], ['idletimeout', 5.2], ['default', 1.9]]);
    const text = compose('When I start a new Worker, what do maxRetries and idleTimeout default to?', passages, weights)?.text ?? '';
    expect(text).toContain('Default: 3.');
    // The history row names idleTimeout in the best passage; its default is in the other one.
    expect(text).toContain('Default: 5000.');
  });

  test('a part that names its thing only as "it" asks of the thing the part before names', () => {
    const passages = [
      { id: 'g#0', sourceId: 'g', title: 'Gauges', url: '', heading: 'gauge.zeroAll()', text: 'Added in: v3.2.0\n\nReturns the number of needles it put back to zero.', score: 1 },
      { id: 'g#1', sourceId: 'g', title: 'Gauges', url: '', heading: 'Gauges', text: '| Version | Changes |\n|---|---|\n| v1.0.0 | Added in: v1.0.0 |\n\nA gauge shows one reading.', score: 0.9 },
    ];
    const weights = new Map([['gaug', 3], ['zeroal', 5], ['return', 1.4], ['version', 1.7], ['ad', 1]]);
    const text = compose('What does gauge.zeroAll() return, and which version added it?', passages, weights)?.text ?? '';
    expect(text).toContain('number of needles');
    // "added it" is gauge.zeroAll(): its own version, not the first version of gauges at all.
    expect(text).toContain('v3.2.0');
    expect(text).not.toContain('v1.0.0');
  });

  test('a name most pages use (the product\'s own) need not be in the answer beside a rarer name; alone, it must', () => {
    const kb2 = baseOf([
      ...['routes', 'hooks', 'plugins', 'logging', 'errors', 'testing'].map((t, i) => ({ id: t, title: t, url: '', text: `# ${t}\n\nAcme handles ${t} in its own way, step ${i}.` })),
      { id: 'options', title: 'Options', url: '', text: '# flushInterval\n\n+ Default: 250\n\nSets how often buffered lines are written out, in milliseconds.' },
      { id: 'security', title: 'Security', url: '', text: '# Security\n\nUnchecked input can open security holes in a handler.' },
    ]);
    expect(answerFrom(kb2, "What's Acme's default flushInterval?")).toContain('Default: 250');
    // "Acme" is the only thing named: an answer that does not speak of it is about something else.
    expect(answerFrom(kb2, 'Where do I report security holes found in Acme?')).toBeNull();
  });

  test('a table row is about the code or name in its key cell: the visitor\'s own words around it do not hide it', () => {
    const kb2 = baseOf([
      { id: 'errors', title: 'Errors', url: '', text: '# Error codes\n\n| Code | Description |\n|---|---|\n| ENOSPC | There is no space available on the device. |\n| ENOSR | There are no stream resources available. |\n| EPIPE | The pipe was broken. |' },
      // The visitor's other words are common here, as on real pages: the code is the rare one.
      ...['a disk gets full', 'the app seems slow', 'a script throws', 'the code is telling', 'a disk seems fine', 'the app is full', 'a test throws code', 'telling apart'].map((t, i) => ({ id: `p${i}`, title: `Page ${i}`, url: '', text: `# Page ${i}\n\nSometimes ${t}.` })),
    ]);
    // The row matches one word of many ("my disk seems full… what is that code telling me?"),
    // but that word is the question's rarest and the whole of the row's key: the row answers.
    expect(answerFrom(kb2, 'My disk seems really full: the app throws ENOSPC - what is that code telling me?')).toBe('Code: ENOSPC; Description: There is no space available on the device.');
    // Each code its own row.
    expect(answerFrom(kb2, 'My disk seems really full: the app throws ENOSR - what is that code telling me?')).toContain('no stream resources');
  });

  test('an option\'s entry is about the option it opens with, and its synopsis states its default whatever the value', () => {
    const kb2 = baseOf([
      { id: 'core', title: 'Core options', url: '', text: '# Error options\n\n--input-fd=<number> [default: 0, stdin]\n\nWhen using --gen-suppressions=yes, the tool reads keyboard input from this file descriptor. By default it reads stdin.\n\n--gen-suppressions=<yes|no|all> [default: no]\n\nWhen set to yes, the tool pauses after every error and asks:\n\n- Print suppression?\n- Pressing Y prints one.' },
      { id: 'other', title: 'Other', url: '', text: '# Other\n\nA value of something else.' },
    ]);
    // "[default: no]" is a value; the entry that mentions --gen-suppressions is another option's.
    expect(answerFrom(kb2, "What's the default value of --gen-suppressions?")).toContain('[default: no]');
    // So does a property list's "Default:", whatever the value (a call here).
    const kb3 = baseOf([
      { id: 'qs', title: 'querystring', url: '', text: '# querystring.stringify(obj)\n\n- encodeURIComponent <Function> The function to use when converting URL-unsafe characters. Default: querystring.escape().' },
      { id: 'other', title: 'Other', url: '', text: '# Other\n\nA value of something else.' },
    ]);
    expect(answerFrom(kb3, "What's the default value of encodeURIComponent?")).toContain('Default: querystring.escape()');
    // "value" says what kind of answer is asked, not a word it must have: a unit about other
    // values that says "value" does not outrank the option's own entry.
    const kb4 = baseOf([
      { id: 'cg', title: 'cg_annotate options', url: '', text: '# Options\n\n--show=A,B,C [default: all]\n\nSpecifies which events to show.\n\n--sort=A,B,C [default: order in the file]\n\nSpecifies the events upon which the sorting is based.' },
      { id: 'core', title: 'Core options', url: '', text: '# Uncommon options\n\nThe value 0 (the default) merges nothing. A value of 2 is needed for the stack traces of a quick sort.' },
    ]);
    const sorted = answerFrom(kb4, "What's the default value of --sort?") ?? '';
    expect(sorted).toContain('[default: order in the file]');
    expect(sorted).not.toContain('--show');
  });

  test('in an API\'s history table a change happened in a version: its row says when', () => {
    const kb2 = baseOf([
      { id: 'zlib', title: 'Zlib', url: '', text: '# Class: zlib.ZlibBase\n\nHistory\n\n| Version | Changes |\n|---|---|\n| v11.7.0, v10.16.0 | This class was renamed from Zlib to ZlibBase. |\n| v0.5.8 | Added in: v0.5.8 |\n\nNot exported by the zlib module.' },
      { id: 'other', title: 'Other', url: '', text: '# Other\n\nA class of something else.' },
    ]);
    expect(answerFrom(kb2, 'When did the base class get renamed from Zlib to ZlibBase?')).toContain('v11.7.0');
  });

  test('"what does X do (exactly)?" reads the passage with X\'s entry, wherever it ranks among the relevant', () => {
    const kb2 = baseOf([
      ...[1, 2, 3].map((i) => ({ id: `ex${i}`, title: 'git-subtree', url: '', text: `# Example ${i}\n\nHere we git subtree add a library: git subtree add the vendor tree, then git subtree add again (${i}).` })),
      { id: 'cmds', title: 'git-subtree', url: '', text: '# Commands\n\nadd <local-commit>::\nadd <repository> <remote-ref>::\n\tCreate the <prefix> subtree by importing its contents.\n\tA new commit is created automatically, joining the histories.' },
    ]);
    for (const q of ['What does git subtree add do?', 'what does git subtree add do exactly?']) expect(answerFrom(kb2, q)).toContain('A new commit is created automatically');
  });

  test('a passage with a row keyed by the question\'s rarest thing is read wherever it ranks among the relevant', () => {
    const kb2 = baseOf([
      ...[1, 2, 3, 4].map((i) => ({ id: `s${i}`, title: 'Server', url: '', text: `# disableRequestLogging\n\nThe disableRequestLogging option (${i}) is deprecated: use disableRequestLogging in a controller, as disableRequestLogging says.` })),
      ...Array.from({ length: 8 }, (_, i) => ({ id: `f${i}`, title: 'Other', url: '', text: `# Other ${i}\n\nA description of thing ${i}, with its description.` })),
      { id: 'table', title: 'Server', url: '', text: '# logController\n\n| Property | Description |\n|---|---|\n| disableRequestLogging | When true, per-request log lines are suppressed. |\n| requestIdLogLabel | The label of the request id. |' },
    ]);
    expect(answerFrom(kb2, 'For disableRequestLogging, which description?')).toContain('per-request log lines are suppressed');
  });

  test('a figure the question gives beside a header is the row\'s whose cell under that header holds it', () => {
    const kb2 = baseOf([
      { id: 'rooms', title: 'House rules', url: '', text: '# Meeting rooms\n\n| Room | Seats | Longest single booking | Bookings per member per week |\n|---|---|---|---|\n| Skiff Room | 4 | 2 hours | 5 |\n| Sloop Room | 6 | 2 hours | 4 |\n| Clipper Room | 12 | 4 hours | 2 |' },
      { id: 'other', title: 'Other', url: '', text: '# Other\n\nA room of something else.' },
    ]);
    expect(answerFrom(kb2, 'Which room has 4 bookings per member per week?')).toContain('Room: Sloop Room');
    // A price is such a figure too.
    const kb3 = baseOf([
      { id: 'roaming', title: 'Roaming', url: '', text: '# Zones\n\n| Zone | Data (per MB) | Texts (each) |\n|---|---|---|\n| Zone 2 | $0.02 | $0.10 |\n| Zone 5 | $0.10 | $0.25 |' },
      { id: 'other', title: 'Other', url: '', text: '# Other\n\nA zone of something else.' },
    ]);
    expect(answerFrom(kb3, 'Which zone has $0.10 Data (per MB)?')).toContain('Zone: Zone 5');
  });

  test('a row keyed by the named thing leads a row that only mentions it in another cell', () => {
    const kb2 = baseOf([
      { id: 'signals', title: 'Signals', url: '', text: '# Signal constants\n\n| Constant | Description |\n|---|---|\n| SIGIO | Sent to a process when I/O is available. |\n| SIGPOLL | Synonym for SIGIO |' },
      { id: 'other', title: 'Other', url: '', text: '# Other\n\nA description of something else.' },
    ]);
    // "Description: Synonym for SIGIO" says the question's words in its order, but is SIGPOLL's row.
    expect(answerFrom(kb2, 'What description does SIGIO have?')).toBe('Constant: SIGIO; Description: Sent to a process when I/O is available.');
  });

  test('two parts that match the same sentence best still get a sentence each', () => {
    const kb2 = baseOf([
      { id: 'pause', title: 'Membership', url: '', text: 'You may pause a Hot Desk or Dedicated Desk membership once a year for up to 2 months.\n\nDesks are cleaned every evening by our staff.\n\nA paused membership costs $35 per month.' },
    ]);
    const q = 'How long can I pause my membership, and what does a paused membership cost?';
    const text = answerFrom(kb2, q) ?? '';
    expect(text).toContain('2 months');
    expect(text).toContain('$35');
  });

  test('a later part is answered from what goes on from the answer to the part before, of units that answer it as well', () => {
    const kb2 = baseOf([
      { id: 'rules', title: 'Checks', url: '', text: '# Running the checks\n\nTo disable the warnings, pass NO_WARN=1.\n\nBy default the check target joins all of the rule files into one bundle before it runs them. This makes a run much faster. This behaviour can be disabled with BUNDLE_RULES=.' },
      { id: 'split', title: 'Split', url: '', text: '# Split options\n\n--no-rejoin: The split command rejoins the history by default; --no-rejoin disables this behaviour for the files.' },
    ]);
    const text = answerFrom(kb2, 'How does the check target handle the rule files by default, and how do I turn that off?') ?? '';
    expect(text).toContain('joins all of the rule files');
    expect(text).toContain('BUNDLE_RULES=');
    expect(text).not.toContain('--no-rejoin');
  });

  test('a near miss is a "don\'t know": the named thing, the kind of fact, or an unknown name is missing', () => {
    expect(answer('How much slower does a program run under Memcheck?')).toContain('10 to 50 times');
    expect(answer('How much slower does a program run under Cachegrind?')).toBeNull(); // only Memcheck's is given
    expect(answer('How does Autopay take the payment?')).toContain('from your card');
    expect(answer('At what time of day does Autopay take the payment?')).toBeNull(); // no time is given
    expect(answer('Does Massif work with Valgrind on Windows?')).toBeNull(); // "Windows", "Valgrind": never mentioned
  });

  test('a near miss by the kind of fact: a year, a rate, opening hours and a count need that fact, not any figure', () => {
    const kb2 = baseOf([
      { id: 'origin', title: 'Our story', url: '', text: 'The first bakery was opened by Marta Lind when she moved to the harbour.' },
      { id: 'tax', title: 'Tax', url: '', text: 'Value added tax is charged at the rate that applies in your region.' },
      { id: 'kiosks', title: 'Kiosks', url: '', text: 'Gift cards cost $10 at any of our kiosks and are free to reload online.' },
      { id: 'lockers', title: 'Lockers', url: '', text: 'The gym has 40 lockers. A locker key costs $5 to replace.' },
      { id: 'delivery', title: 'Delivery', url: '', text: 'Orders from our shops usually arrive within 4 hours.' },
      { id: 'opening', title: 'Opening hours', url: '', text: 'The gym is open from 6:00 am to 11:00 pm, Monday to Saturday.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('In what year did Marta Lind open the first bakery?')).toBeNull(); // who and where, never the year
    expect(ask('What is the value added tax rate?')).toBeNull(); // which rate applies, not the figure
    expect(ask('How many kiosks are there?')).toBeNull(); // "$10", "free": prices, not a count
    expect(ask('How many lockers does the gym have?')).toContain('40 lockers');
    // The thing counted must be what the figure counts: "three studios", "unlimited days" count no desks.
    const kb3 = baseOf([{ id: 'desks', title: 'Hot desks', url: '', text: 'Hot desks at all three studios come with unlimited days of use.' }]);
    expect(answerFrom(kb3, 'How many hot desks are there?')).toBeNull();
    const kb4 = baseOf([{ id: 'rooms', title: 'Rooms', url: '', text: '| Room | Seats |\n|---|---|\n| Cedar | 10 |\n| Birch | 6 |' }]);
    expect(answerFrom(kb4, 'How many seats does the Cedar room have?')).toContain('10');
    expect(ask('What are the opening hours of your shops?')).toBeNull(); // "within 4 hours" is a duration
    expect(ask('When is the gym open?')).toContain('6:00 am');
  });

  test('near misses by the kind of fact: a comparison, a closing time, a count of the thing (not a clause number)', () => {
    const kb2 = baseOf([
      { id: 'push', title: 'Push modes', url: '', text: 'The simple mode pushes only the current branch. The matching mode pushes all branches that exist on both sides.' },
      { id: 'speed', title: 'Speed', url: '', text: 'The compact mode is faster than the full mode on large files.' },
      { id: 'events', title: 'Events', url: '', text: 'Members may host events in the event hall after 6:00 pm.' },
      { id: 'gym', title: 'Gym', url: '', text: 'The gym closes at 11:00 pm every day.' },
      { id: 'family', title: 'Family room', url: '', text: '4.5 Children under 16 may use the playroom only on Saturdays.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('Is the simple mode safer than the matching mode?')).toBeNull(); // both described, not compared
    expect(ask('Is the compact mode faster than the full mode?')).toContain('faster than');
    expect(ask('Is the simple mode safer on all branches than the matching mode?')).toBeNull(); // comparative apart from its "than"
    expect(ask('Is the compact mode faster on large files than the full mode?')).toContain('faster than');
    expect(ask('What time does the event hall close?')).toBeNull(); // events start after 6 pm
    expect(ask('What time does the gym close?')).toContain('11:00 pm');
    expect(ask('How many children can use the playroom?')).toBeNull(); // "4.5" is the clause, "16" an age
  });

  test('near misses by what a yes/no or how-to question asks of the thing: what is supported, an action the pages never describe', () => {
    const kb2 = baseOf([
      { id: 'merge', title: 'Merging', url: '', text: 'The merge-tree command takes a list of merges on its standard input and reports their results.' },
      { id: 'dogs', title: 'Dogs', url: '', text: 'To bring a dog, register the dog in the app with proof of its vaccination.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('Does the merge-tree command work in a bare repository?')).toBeNull(); // nothing on bare repositories
    expect(ask('Does the merge-tree command read its standard input?')).toContain('standard input');
    expect(ask('How do I upload the dog vaccination proof in the app?')).toBeNull(); // "upload": never said anywhere
    expect(ask('How do I register my dog in the app?')).toContain('register the dog');
  });

  test('"how do I X?" needs X said where the answer is, when the pages say it elsewhere; a verb of controlling need not be', () => {
    const kb2 = baseOf([
      { id: 'pin', title: 'SIM cards', url: '', text: 'The default PIN of a SIM card is 1234. You can change your plan in the app at any time.' },
      { id: 'mail', title: 'Newsletters', url: '', text: 'To opt out of our marketing e-mails, click the link at the bottom of any of them.' },
      { id: 'bus', title: 'Getting here', url: '', text: 'The number 5 bus stops at the front door.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('How do I change the PIN of my SIM card?')).toBeNull(); // what the PIN is, not how to change it
    expect(ask('How do I change my plan?')).toContain('change your plan');
    expect(ask('How do I stop your marketing e-mails?')).toContain('opt out');
    // "Is there a fee to X?" asks the price of X: a fee of another action on the page is not it.
    const cards = baseOf([{ id: 'card', title: 'Key cards', url: '', text: 'If an invoice is unpaid 14 days after its due date, your key card is deactivated and we add a fee of $25. A replacement card costs $10.' }]);
    expect(answerFrom(cards, 'Is there a fee to reactivate my key card?')).toBeNull();
    expect(answerFrom(cards, 'Is there a fee for a replacement card?')).toContain('$10');
  });

  test('"which release…?" needs a release by its number, "which browsers…?" a browser by its name', () => {
    const kb2 = baseOf([
      { id: 'jump', title: 'git-jump', url: '', text: 'Git-jump is a script for helping you jump to interesting parts of your project in your editor. It first shipped in the contrib directory of Git 1.8.1.' },
      { id: 'wait', title: 'scheduler.wait()', url: '', text: 'scheduler.wait() is an experimental API defined by a draft specification being developed as a standard Web Platform API.' },
      { id: 'fetch', title: 'fetch()', url: '', text: 'fetch() works as it does in Chrome, Firefox and Safari.' },
      { id: 'diff', title: 'diff-highlight', url: '', text: 'diff-highlight is a script that post-processes diff output to highlight the changed parts of lines.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('Which web browsers already support scheduler.wait()?')).toBeNull(); // "Web Platform" is no browser
    expect(ask('Which browsers does fetch() work like?')).toContain('Firefox');
    expect(ask('In which Git release was diff-highlight added?')).toBeNull(); // what it is, not when it came
    expect(ask('Which Git release first included git-jump?')).toContain('1.8.1');
  });

  test('a yes/no question that offers two answers ("X or Y?") is answered only by a unit that names one of them', () => {
    const kb2 = baseOf([
      { id: 'pass', title: 'Travel Pass', url: '', text: 'With Travel Pass, you use your own plan in other countries for $8 a day. Lockers are included in the Hot Desk plan, not charged extra.' },
      { id: 'bill', title: 'Bills', url: '', text: 'Bills show each call in US time.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('With Travel Pass, does a day of use count in US time or in local time?')).toBeNull(); // neither side said of the day
    expect(ask('Is a locker included in the Hot Desk plan or charged extra?')).toContain('included');
  });

  test('"how long does it take to X?" needs the duration of X, not of another action on the page', () => {
    const sims = baseOf([{ id: 'sim', title: 'SIM cards', url: '', text: 'You can move your number from a SIM card to an eSIM in the app.\n\nTo activate a new SIM card, insert it and wait for our text, usually within 15 minutes.' }]);
    expect(answerFrom(sims, 'How long does it take to move my number to an eSIM?')).toBeNull();
    expect(answerFrom(sims, 'How long does it take to activate a new SIM card?')).toContain('15 minutes');
  });

  test('a version asked about must be the one given: "which version of X…?" needs a number, "version 4.3" is not "Version 4.2"', () => {
    const kb2 = baseOf([
      { id: 'terms', title: 'Terms', url: '', text: 'Version 4.2 of these terms took effect on 1 March 2025.' },
      { id: 'lint', title: 'Linting', url: '', text: 'The lint target runs the spatch tool over every source file.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('When did version 4.3 of these terms take effect?')).toBeNull();
    expect(ask('When did version 4.2 of these terms take effect?')).toContain('1 March 2025');
    expect(ask('Which version of spatch does the lint target need?')).toBeNull(); // spatch is named, no version
  });

  test('"which/what X Y…?" of a class word the pages never use names nothing they have', () => {
    const kb2 = baseOf([
      { id: 'zlib', title: 'zlib', url: '', text: 'For Node streams we recommend the gzip format. Compression results should be cached.' },
      { id: 'fs', title: 'File system', url: '', text: 'The fs module reads and writes files.' },
      { id: 'net', title: 'Net', url: '', text: 'The net module opens TCP sockets.' },
    ]);
    expect(answerFrom(kb2, 'Which Node book do you recommend?')).toBeNull();
    expect(answerFrom(kb2, 'Which Node format do you recommend?')).toContain('gzip'); // a class word the pages use
  });

  test('a name\'s number is that name\'s: "Windows 7" is not any 7 on the page', () => {
    const kb2 = baseOf([
      { id: 'prio', title: 'Priorities', url: '', text: 'PRIORITY_HIGH corresponds to HIGH_PRIORITY_CLASS on Windows, and a nice value of -7 on all other platforms.' },
      { id: 'os', title: 'Platforms', url: '', text: 'Builds for Windows 10 and later are tested; Windows 7 support ended with version 14.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('Does it support Windows 7?')).toContain('Windows 7 support ended');
    const only = baseOf([{ id: 'prio', title: 'Priorities', url: '', text: 'PRIORITY_HIGH corresponds to HIGH_PRIORITY_CLASS on Windows, and a nice value of -7 on all other platforms.' }]);
    expect(answerFrom(only, 'Does it support Windows 7?')).toBeNull();
  });

  test('a number after a slash is part of the name: "HTTP/2" is not named by a unit about HTTP', () => {
    const kb2 = baseOf([
      { id: 'inject', title: 'Testing with HTTP injection', url: '', text: 'The inject method can send much more than a simple GET request to a URL in your tests.' },
      { id: 'plugins', title: 'Plugins', url: '', text: 'A plugin may register 2 routes or more.' },
    ]);
    expect(answerFrom(kb2, 'Can inject send HTTP/2 requests in my tests?')).toBeNull();
    expect(answerFrom(kb2, 'Can inject send HTTP requests in my tests?')).toContain('inject method');
    const h2 = baseOf([{ id: 'inject', title: 'Testing with HTTP injection', url: '', text: 'The inject method can do much more than a simple GET request to a URL, and it speaks HTTP/2 too.' }]);
    expect(answerFrom(h2, 'Can inject send HTTP/2 requests?')).toContain('HTTP/2');
  });

  test('"how many X…?" is not counted by a time of day, "what hours…?" wants one', () => {
    const kb2 = baseOf([
      { id: 'guests', title: 'Guests', url: '', text: 'Members may bring guests during staffed hours only: 8:00 am to 6:00 pm, Monday to Friday.' },
      { id: 'help', title: 'Travel', url: '', text: 'Save our international help number, which is free to call from abroad.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('How many guests can I bring in at once?')).toBeNull();
    expect(ask('What hours can members bring guests?')).toContain('8:00 am');
    expect(ask('What hours is the international help number staffed?')).toBeNull();
    const counted = baseOf([{ id: 'guests', title: 'Guests', url: '', text: 'Members may bring up to 3 guests during staffed hours only: 8:00 am to 6:00 pm.' }]);
    expect(answerFrom(counted, 'How many guests can I bring in at once?')).toContain('3 guests');
  });

  test('"which X option…?" wants an option by name, in the unit or the rest of its paragraph', () => {
    const kb2 = baseOf([
      { id: 'notes', title: 'Release notes 2.39', url: '', text: '- "git repack" learns to send cruft objects out of the way into packfiles outside the repository.\n- "git log" learns a new option to show notes by default.' },
      { id: 'faq', title: 'FAQ', url: '', text: 'Valgrind can run a Java program with a JIT compiler under care: code that the JIT overwrites goes unnoticed by default. You should try running with --smc-check=all in this case.' },
      { id: 'tools', title: 'Tools', url: '', text: 'The --tool option picks the tool to run.' },
      { id: 'opts', title: 'Core options', url: '', text: 'Each option of the core is given on the command line before the program to run.' },
    ]);
    // Asked which option, the release note that names none is no answer; asked how, it is; the
    // option may come a sentence after the one that answers.
    const cases: [string, string | null][] = [
      ['Which git repack option sends cruft objects to packfiles outside the repository?', null],
      ['How does git repack send cruft objects outside the repository?', 'cruft objects'],
      ['Which option should I use when running a Java program with a JIT under Valgrind?', '--smc-check=all'],
    ];
    for (const [q, expected] of cases) {
      if (expected === null) expect(answerFrom(kb2, q)).toBeNull();
      else expect(answerFrom(kb2, q)).toContain(expected);
    }
  });

  test('"how fast…?" needs a speed, a factor or how soon, not any figure', () => {
    const kb2 = baseOf([
      { id: 'logs', title: 'Guest Wi-Fi', url: '', text: 'We keep guest Wi-Fi connection logs for 60 days. They list the last three digits of each device.' },
      { id: 'fibre', title: 'Fibre', url: '', text: 'The fibre line reaches 500 Mbps downstream.' },
      { id: 'refunds', title: 'Refunds', url: '', text: 'We pay refunds back to your card within 3 business days.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('How fast is the guest Wi-Fi?')).toBeNull(); // how long logs are kept is not a speed
    expect(ask('How fast is the fibre line?')).toContain('500 Mbps');
    expect(ask('How quickly do you pay refunds?')).toContain('3 business days');
  });

  test('"what is the recommended value…?" needs a value; "when is the next…?" a point in time, not a numbered clause or how often', () => {
    const kb2 = baseOf([
      { id: 'idle', title: 'idleTimeout', url: '', text: 'Unlike idleTimeout, the readTimeout option applies to each socket read and can be changed per route.' },
      { id: 'audit', title: 'Audits', url: '', text: '4.2 Safety audits take place twice a year at each depot, announced one month ahead.' },
      { id: 'sale', title: 'Sales', url: '', text: 'Our summer sale starts in 3 weeks.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    // Does a text carry every kind of fact the question asks for?
    const carries = (q: string, text: string) => ANSWER_TYPES.every(([asks, has]) => !asks.test(q) || has(text, q));
    expect(carries('What is the recommended value for idleTimeout?', 'Unlike idleTimeout, readTimeout applies to each read.')).toBe(false);
    expect(carries('What is the recommended value for idleTimeout?', 'Set idleTimeout to 30 seconds or more.')).toBe(true);
    expect(ask('What is the recommended value for idleTimeout?')).toBeNull(); // the option is described, no value
    expect(ask('When is the next safety audit?')).toBeNull(); // "4.2" is the clause, "twice a year" how often
    expect(ask('When is the next summer sale?')).toContain('in 3 weeks');
  });

  test('"how much more memory…?" needs a figure beside the measure asked for, not another measure\'s', () => {
    const slow = baseOf([{ id: 'idx', title: 'Indexer', url: '', text: 'Under tracing the indexer runs 5 to 8 times slower than usual and needs a lot more memory.' }]);
    expect(answerFrom(slow, 'How much more memory does the indexer need under tracing?')).toBeNull();
    const big = baseOf([{ id: 'idx', title: 'Indexer', url: '', text: 'Under tracing the indexer needs about 200 MB more memory than usual.' }]);
    expect(answerFrom(big, 'How much more memory does the indexer need under tracing?')).toContain('200 MB');
    // The unit named at the end of the question is the unit of the answer.
    const poll = baseOf([{ id: 'poll', title: 'Polling', url: '', text: 'The poller checks the queue in batches of 50. Its interval is given in seconds.' }]);
    expect(answerFrom(poll, 'What is the poller batch size in seconds?')).toBeNull(); // "50" counts items, not seconds
  });

  test('typos: a long word misspelt beyond its stem, and two swapped letters, still find the word', () => {
    expect(answer('How much is a dedicaetd desk?')).toContain('$399'); // "dedicated" is stored as "dedic"
    expect(answer('how do I chnage my password?')).toContain('open Settings'); // swapped letters
  });

  test('asked for several things, the list is the answer: the list after the sentence that names it, the whole list for one item', () => {
    const kb2 = baseOf([
      { id: 'arch', title: 'os.arch()', url: '', text: 'Returns the CPU architecture the binary was compiled for. Possible values are "arm", "ia32", "riscv64" and "x64".\n\nThe value never changes while the process runs.' },
      { id: 'register', title: 'Plugin options', url: '', text: 'The register options parameter supports options that the framework itself will use. The same object is handed to the plugin as well. The supported options are:\n\n- logLevel\n- logSerializers\n- prefix' },
      { id: 'kitchen', title: 'Kitchen', url: '', text: 'In the kitchen, please:\n\n- label your food in the shared fridge;\n- load your dishes into the dishwasher;\n- do not heat fish in the microwave.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q) ?? '';
    expect(ask('Which CPU architectures can it report?')).toContain('"riscv64"');
    expect(ask('What CPU architecture was the binary compiled for?')).not.toContain('riscv64'); // one thing asked: one sentence
    expect(ask('Which register options does the framework itself use?')).toContain('prefix'); // the list two sentences on
    const rules = ask('What are the rules for the shared fridge?');
    expect(rules).toContain('label your food');
    expect(rules).toContain('fish');
    expect(ask('What must I do with my dishes?')).toContain('label your food'); // what to do: the rules, all of them
    expect(ask('Which rule covers the shared fridge?')).not.toContain('fish'); // one rule asked for ("covers" is a verb)
  });

  test('"how can I see how many…" asks for a way, not a number; "I\'ve" is not a name', () => {
    const kb2 = baseOf([
      { id: 'errors', title: 'Errors', url: '', text: 'If you want to know how many times each error occurred, run with the -v option.' },
      { id: 'close', title: 'Closing', url: '', text: 'Any request arriving after close has been called receives a 503 response.' },
      { id: 'resolver', title: 'Resolver', url: '', text: 'Since v8.3.0 the resolver sends queries to every server you set.' },
      { id: 'x11', title: 'X11', url: '', text: 'The X11 resolver queries the servers of your network.' },
      { id: 'reply', title: 'Replies', url: '', text: 'A plain reply carries the status code its route sets.' },
      { id: 'dev', title: 'Dev server', url: '', text: 'The dev server listens on port 3000 of localhost.' },
      { id: 'timeout', title: 'Resolver timeout', url: '', text: 'The default timeout value of the resolver suits most networks.' },
      { id: 'socket', title: 'Sockets', url: '', text: 'A socket reads its peer from the Origin line. The socket gives null when the Origin line has no port in it.' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('How can I see how many times each error occurred?')).toContain('-v option');
    // "What's its default value?" asks for a value, not a sentence that mentions defaults.
    expect(ask('What is the default value of the resolver timeout?')).toBeNull();
    // "What status code…?", "which port…?": a number.
    expect(ask('What status code does a plain reply get?')).toBeNull();
    expect(ask('What port does the dev server listen on?')).toContain('3000');
    // Not a port said long after the question word, nor a member of code ("socket.port").
    expect(ask('What does the socket give when the Origin line has no port in it?')).toContain('gives null');
    expect(ask('What does socket.port give when the Origin line has none?')).toContain('gives null');
    // A version number is not a quantity: "since v8.3.0" does not say how many.
    expect(ask('How many servers does the resolver send queries to?')).toBeNull();
    expect(ask('How many servers does the X11 resolver query?')).toBeNull(); // "X11" names, it does not count
    expect(ask('Which servers does the resolver send queries to?')).toContain('every server');
    expect(ask('What happens to a request arriving after I\'ve called close?')).toContain('503');
  });

  test('"is there a limit…?" wants a limit stated with its figure; "how long…?" a duration or length with its unit', () => {
    const kb2 = baseOf([
      { id: 'history', title: 'readline', url: '', text: 'historySize: Maximum number of history lines retained. To disable the history set this value to 0.' },
      { id: 'boosts', title: 'Data Boosts', url: '', text: 'You can buy a Data Boost in the app. A Data Boost costs $3 and is valid for 7 days.' },
      { id: 'uploads', title: 'Uploads', url: '', text: 'Each message takes up to 5 attachments.' },
      { id: 'lookup', title: 'dns.lookup', url: '', text: 'dns.lookup() caches nothing itself; the result comes from the operating system, 1 call per lookup.' },
      { id: 'refunds', title: 'Refunds', url: '', text: 'Refunds are paid within 10 business days.' },
      { id: 'roaming', title: 'Roaming', url: '', text: 'We pause roaming data when your roaming charges reach $50 in a month.' },
    ]);
    expect(answerFrom(kb2, 'Is there an upper limit on historySize?')).toBeNull();
    expect(answerFrom(kb2, 'Is there a limit on how many Data Boosts I can buy?')).toBeNull();
    expect(answerFrom(kb2, 'Is there a limit on attachments per message?')).toContain('up to 5');
    // A threshold is a bound too: what happens when the charges reach a figure.
    expect(answerFrom(kb2, 'Is there a cap on roaming charges?')).toContain('reach $50');
    expect(answerFrom(kb2, 'How long does dns.lookup() cache the result?')).toBeNull();
    expect(answerFrom(kb2, 'How long do refunds take?')).toContain('10 business days');
  });

  test('"what is the maximum number…?" wants a number given as a bound; "RFC 5952" counts nothing', () => {
    const kb2 = baseOf([
      { id: 'servers', title: 'DNS servers', url: '', text: 'Pass the DNS servers as RFC 5952 formatted addresses.' },
      { id: 'ports', title: 'DNS ports', url: '', text: 'The DNS port of a server address can be left out if it is the default DNS port (53).' },
      { id: 'uploads', title: 'Attachments', url: '', text: 'You can attach files to a message. The number of attachments is limited: a message takes up to 5 attachments of 10 MB each.' },
      { id: 'account', title: 'Account', url: '', text: 'Your account number is shown in Settings. A maximum of 3 people can share an account.' },
    ]);
    expect(answerFrom(kb2, 'What is the maximum number of DNS servers I can pass?')).toBeNull();
    expect(answerFrom(kb2, 'How many DNS servers can I pass?')).toBeNull();
    expect(answerFrom(kb2, 'What is the maximum number of attachments per message?')).toContain('up to 5 attachments');
    // "#1168" names a pull request; it measures nothing.
    const kb3 = baseOf([
      { id: 'errors', title: 'Errors', url: '', text: 'FST_ERR_BODY_TOO_LARGE: the request body is larger than the largest value set by bodyLimit (see #1168).' },
      { id: 'params', title: 'Parameters', url: '', text: 'The largest value maxParamLength accepts is 1000 characters.' },
      { id: 'options', title: 'Options', url: '', text: 'Every option has a default value. Options are read once.' },
    ]);
    expect(answerFrom(kb3, 'What is the largest value bodyLimit can have?')).toBeNull();
  });

  test('"which company…?" / "what is the X of…?" / "how big is the X?": the thing asked for, when rare, must be in the answer', () => {
    const kb2 = baseOf([
      { id: 'sharing', title: 'Who we share data with', url: '', text: 'We share your data only with our payment processor, to take payments, and with our auditors.' },
      { id: 'partners', title: 'Partners', url: '', text: 'Our insurance company is Helvetia. Our auditors visit once a year.' },
      { id: 'cards', title: 'Cards', url: '', text: 'Cards are charged on the first day of the month. A failed payment is retried after 3 days.' },
    ]);
    expect(answerFrom(kb2, 'Which company is your payment processor?')).toBeNull();
    expect(answerFrom(kb2, 'Which insurance company do you use?')).toContain('Helvetia');
    // "How big is the screen…?": the size of the screen, not the figures of the room it is in.
    const kb3 = baseOf([
      { id: 'rooms', title: 'Meeting rooms', url: '', text: '| Room | Seats | Price per hour |\n|---|---|---|\n| Schooner Room | 8 | $45 |\n| Skiff Room | 4 | $20 |\n\nWhen you leave a room, switch off the screen.' },
      { id: 'desks', title: 'Desks', url: '', text: 'Each desk is 160 cm wide and has a monitor arm.' },
    ]);
    expect(answerFrom(kb3, 'How big is the screen in the Schooner Room?')).toBeNull();
    expect(answerFrom(kb3, 'How wide is the desk?')).toContain('160 cm');
    // "Which Perl version…?": a version number answers; a sentence about Perl does not.
    const kb4 = baseOf([
      { id: 'dh', title: 'diff-highlight', url: '', text: 'To run diff-highlight you need Perl; you can also use the DiffHighlight module from another Perl script. The script reads a diff on its input.' },
      { id: 'build', title: 'Building', url: '', text: 'Building the docs needs Python 3.8 or later. Check which version you have with python --version.' },
      { id: 'lines', title: 'Output', url: '', text: 'The tool prints each changed line once.' },
    ]);
    expect(answerFrom(kb4, 'Which Perl version do I need to run diff-highlight?')).toBeNull();
    expect(answerFrom(kb4, 'Which Python version do I need to build the docs?')).toContain('3.8');
  });

  test('"how often…?": a price "per inspection" is no frequency; "per 12 months" is one', () => {
    const visits = { id: 'visits#0', sourceId: 'visits', title: 'Home visits', url: '', heading: 'Inspection visits', text: 'Our engineer comes to your home for the inspection and leaves a report. An inspection visit costs 60 euros per inspection.', score: 0.9 };
    const weights = new Map([['boiler', 1], ['inspect', 2]]);
    expect(compose('How often should the boiler get an inspection?', [visits], weights)).toBeNull();
    const schedule = { ...visits, text: 'We recommend one boiler inspection per 12 months.' };
    expect(compose('How often should the boiler get an inspection?', [schedule], weights)?.text).toBe('We recommend one boiler inspection per 12 months.');
  });

  test('the kind of fact asked for: a frequency, a figure in the unit asked, a point in time, an amount of money, a version', () => {
    const kb2 = baseOf([
      { id: 'load', title: 'os.loadavg()', url: '', text: 'Returns an array containing the 1, 5, and 15 minute load averages.' },
      { id: 'cache', title: 'Cache', url: '', text: 'The DNS cache is refreshed every 5 seconds.' },
      { id: 'dns', title: 'Resolver', url: '', text: 'The resolver takes a timeout option: the query timeout in milliseconds, or -1 to use the default timeout. Each lookup is retried 4 times.' },
      { id: 'notes', title: 'Release notes 2.39.0', url: '', text: 'Git 2.39.0 fixes a bug where git fsck failed to release contents of tree objects. The bundle format gained a new version.' },
      { id: 'space', title: 'Event space', url: '', text: 'Members may host events for up to 30 people in the event space after 6:00 pm. Lockers may be rented for 12 euros a month.' },
      { id: 'faq', title: 'FAQ', url: '', text: '3.4. I tried running a Java program under Valgrind but something went wrong. Programs that generate code at run time need extra care.' },
      { id: 'calendar', title: 'Calendar', url: '', text: 'You may book a room for the whole day. The summer party is on 14 July.' },
    ]);
    // "How often…?" wants a frequency, not the load averages' figures.
    expect(answerFrom(kb2, 'How often does os.loadavg() refresh its numbers?')).toBeNull();
    expect(answerFrom(kb2, 'How often is the DNS cache refreshed?')).toContain('every 5 seconds');
    // "How many milliseconds…?" wants a figure in a unit of time: -1 is not one.
    expect(answerFrom(kb2, 'How many milliseconds is the default query timeout of the resolver?')).toBeNull();
    // "When was … released?" wants a date; "failed to release" is the verb, not the date.
    expect(answerFrom(kb2, 'When was Git 2.39.0 released?')).toBeNull();
    // "How much does it cost to…?" wants an amount with its currency, not "30 people" or "6:00 pm".
    expect(answerFrom(kb2, 'How much does it cost to hire the event space?')).toBeNull();
    expect(answerFrom(kb2, 'How much does it cost to rent a locker?')).toContain('12 euros');
    // A numbered FAQ entry's number ("3.4.") is not a version.
    expect(answerFrom(kb2, 'Which Java versions run correctly under Valgrind?')).toBeNull();
    // "may" is a verb, not May: it names no date.
    expect(answerFrom(kb2, 'On what date can I book a room?')).toBeNull();
    expect(answerFrom(kb2, 'On what date is the summer party?')).toContain('14 July');
  });

  test('"which charity…?": a unit that names its thing only as one of the class does not say which', () => {
    const kb2 = baseOf([
      { id: 'lost', title: 'Lost property', url: '', text: 'Lost property is kept at the front desk for 30 days and then donated to charity.' },
      { id: 'debt', title: 'Unpaid bills', url: '', text: 'After 60 days we pass the balance to a collection agency.' },
      { id: 'insurer', title: 'Insurance', url: '', text: 'Our bikes are insured by an insurance company, Helvetia, against theft.' },
    ]);
    expect(answerFrom(kb2, 'Which charity do you give lost property to?')).toBeNull();
    expect(answerFrom(kb2, 'Which collection agency do you pass unpaid bills to?')).toBeNull();
    expect(answerFrom(kb2, 'Which insurance company do you use for the bikes?')).toContain('Helvetia');
    // A company asked for with another verb is named as much: "a satellite network" names none.
    const kb3 = baseOf([
      { id: 'cruise', title: 'Cruise ships', url: '', text: 'On cruise ships, a satellite network carries your calls. Calls cost $3.00 per minute and data costs $5.00 per MB.' },
      { id: 'bank', title: 'Payments', url: '', text: 'Card payments are processed by our partner bank, Northwind, within a day.' },
    ]);
    expect(answerFrom(kb3, 'Which satellite company carries calls on cruise ships?')).toBeNull();
    expect(answerFrom(kb3, 'Which partner bank processes card payments?')).toContain('Northwind');
    // "Which type provider packages…?" asks for packages: "provider" names their kind, not a company.
    const kb4 = baseOf([
      { id: 'types', title: 'TypeScript', url: '', text: '## Type Providers\n\nFastify offers two packages wrapping `json-schema-to-ts` and `typebox`:\n\n- [`@fastify/type-provider-json-schema-to-ts`](https://github.com/fastify/fastify-type-provider-json-schema-to-ts)\n- [`@fastify/type-provider-typebox`](https://github.com/fastify/fastify-type-provider-typebox)' },
    ]);
    expect(answerFrom(kb4, 'Which type provider packages does Fastify offer?')).toContain('@fastify/type-provider-typebox');
    expect(ANSWER_TYPES.some(([asks]) => asks.test('Which type provider packages does Fastify offer?'))).toBe(false);
  });

  test('"is the connection encrypted?": a property asked yes or no must be stated', () => {
    const kb2 = baseOf([
      { id: 'debuginfo', title: 'Debuginfo server', url: '', text: 'The debuginfo server must accept TCP connections on port 1500. It reads the debug information of the binaries it serves.' },
      { id: 'calls', title: 'Calling', url: '', text: 'Wi-Fi calling is included in every plan at no extra cost.' },
      { id: 'backup', title: 'Backups', url: '', text: 'Backups are encrypted with AES-256 before they leave your device.' },
      { id: 'pods', title: 'Quiet floor', url: '', text: 'On the quiet floor, video calls are allowed only in the call pods.' },
      { id: 'studio', title: 'Studio', url: '', text: 'The recording studio is soundproof and can be booked by the hour.' },
    ]);
    expect(answerFrom(kb2, 'Is the connection to the debuginfo server encrypted?')).toBeNull();
    expect(answerFrom(kb2, 'Is Wi-Fi calling included?')).toContain('included in every plan');
    expect(answerFrom(kb2, 'Are backups encrypted?')).toContain('AES-256');
    // An adjective is known by other endings too ("soundproof"), and a place may follow it: the
    // pods are where calls go; whether they keep the sound in is not said.
    expect(answerFrom(kb2, 'Are the call pods soundproof?')).toBeNull();
    expect(answerFrom(kb2, 'Are the call pods soundproof on the quiet floor?')).toBeNull();
    expect(answerFrom(kb2, 'Is the recording studio soundproof?')).toContain('soundproof');
  });

  test('"why…?": an answer gives a cause or a purpose, not only the fact asked about', () => {
    const kb2 = baseOf([
      { id: 'network', title: 'Network', url: '', text: 'Our 3G network was switched off on 31 December 2022. Phones that only support 3G no longer work.' },
      { id: 'pretty', title: 'Logging', url: '', text: 'The pretty printer is not included by default for performance reasons.' },
      { id: 'timer', title: 'Timers', url: '', text: 'The close method of a timer is legacy: use clearTimeout() instead.' },
      { id: 'drafts', title: 'Drafts', url: '', text: 'Drafts would break the nightly build if they were checked. That is why draft rules are skipped by the checker.' },
    ]);
    expect(answerFrom(kb2, 'Why did you switch off the 3G network?')).toBeNull();
    expect(answerFrom(kb2, 'Why is the close method of a timer legacy?')).toBeNull();
    expect(answerFrom(kb2, 'Why is the pretty printer not included by default?')).toContain('performance reasons');
    expect(answerFrom(kb2, 'Why are draft rules skipped by the checker?')).toContain('That is why');
    // Asked whether a reason can be told, the question does not open with "why".
    expect(answerFrom(kb2, 'When was the 3G network switched off?')).toContain('31 December 2022');
  });

  test('"which … is the biggest?": only a text that ranks or compares says which', () => {
    const kb2 = baseOf([
      { id: 'access', title: 'Access', url: '', text: '| Plan | Access hours | Locations |\n|---|---|---|\n| Flex 10 | 8:00 am to 8:00 pm | All three locations |' },
      { id: 'plans', title: 'Plans', url: '', text: 'Go 5 is the cheapest plan, at $15 a month.' },
    ]);
    expect(answerFrom(kb2, 'Which of your three locations is the biggest?')).toBeNull();
    expect(answerFrom(kb2, 'Which plan is the cheapest?')).toContain('Go 5');
  });

  test('"is X faster on A than on B?": only a text that compares answers, not one that names A and B', () => {
    const kb2 = baseOf([
      { id: 'lts', title: 'LTS', url: '', text: 'Fastify is tested on Node.js and on N|Solid, an alternative runtime.' },
      { id: 'bench', title: 'Benchmarks', url: '', text: 'Fastify on Bun handles 20% more requests than on Node.js.' },
    ]);
    expect(answerFrom(kb2, 'Is Fastify faster on N|Solid than on Node.js?')).toBeNull();
    expect(answerFrom(kb2, 'Is Fastify faster on Bun than on Node.js?')).toContain('20% more');
  });

  test('the thing a question is about, in its own words, must be in the answer', () => {
    const kb2 = baseOf([
      { id: 'speed', title: 'How fast is it?', url: '', text: 'Typical download speeds are 150 to 400 Mbps on 5G.' },
      { id: 'claims', title: 'Claims', url: '', text: 'For theft, upload a police report. If your claim is approved before 2:00 pm, a replacement phone arrives the next business day.' },
      { id: 'cities', title: '5G coverage', url: '', text: '5G is available in these cities: Atlanta, Boston, Miami and Phoenix.' },
      { id: 'fire', title: 'Fire safety', url: '', text: 'If the fire alarm sounds, leave by the nearest exit and go to the assembly point in Dock Street.' },
    ]);
    expect(answerFrom(kb2, 'What upload speeds do you get on 5G?')).toBeNull(); // download speeds, and an upload of a report
    expect(answerFrom(kb2, 'What download speeds do you get on 5G?')).toContain('150 to 400 Mbps');
    expect(answerFrom(kb2, 'Is there a waiting period before I can make a claim?')).toBeNull();
    expect(answerFrom(kb2, 'When is the next fire drill?')).toBeNull();
    // A statement after the question says why it is asked; it is not answered on its own.
    expect(answerFrom(kb2, 'Where is the Volta store in Miami? I need the address')).toBeNull();
  });

  test('who, a web address, a future time: the answer carries a name, a URL, a time', () => {
    const kb2 = baseOf([
      { id: 'pets', title: 'Pets', url: '', text: 'Midtown is pet-free because of the landlord\'s building rules. The Waterfront building is owned by Harbor Estates Ltd.' },
      { id: 'debuginfod', title: 'Debuginfod', url: '', text: 'DEBUGINFOD_URLS must contain URLs of debuginfod servers. Bugs in Valgrind are reported on its bug tracker.' },
      { id: 'site', title: 'Contact', url: '', text: 'Our status page is at https://status.example.com and lists every outage.' },
      { id: 'legacy', title: 'url.parse()', url: '', text: 'url.parse() is deprecated. Specify 0 to remove key counting limitations.' },
      { id: 'refund', title: 'Refunds', url: '', text: 'A refund reaches your card within 5 business days.' },
    ]);
    expect(answerFrom(kb2, 'Who is the landlord of the Midtown building?')).toBeNull();
    expect(answerFrom(kb2, 'Who owns the Waterfront building?')).toContain('Harbor Estates Ltd');
    // Two capitalised words of the question's own are no one's name.
    const kb3 = baseOf([{ id: 'xtree', title: 'Xtrees', url: '', text: 'An xtree file is maintained in the Callgrind Format and read by kcachegrind.' }]);
    expect(answerFrom(kb3, 'Who maintains the Callgrind Format?')).toBeNull();
    // Asked in the past ("who wrote…?"), a name is wanted as much.
    const kb4 = baseOf([
      { id: 'contacts', title: 'git-contacts', url: '', text: 'git-contacts - List people who might be interested in a set of changes.' },
      { id: 'subtree', title: 'git-subtree', url: '', text: 'git-subtree was originally written by Avery Pennarun.' },
    ]);
    expect(answerFrom(kb4, 'Who wrote git-contacts?')).toBeNull();
    expect(answerFrom(kb4, 'Who originally wrote git-subtree?')).toContain('Avery Pennarun');
    expect(answerFrom(kb2, "What's the URL of Valgrind's bug tracker?")).toBeNull();
    expect(answerFrom(kb2, 'What is the URL of the status page?')).toContain('https://status.example.com');
    expect(answerFrom(kb2, 'When will url.parse() be removed?')).toBeNull();
    expect(answerFrom(kb2, 'When will my refund reach my card?')).toContain('within 5 business days');
  });

  test('an FAQ entry whose question is the visitor\'s, in words the search drops, answers it', () => {
    const kb2 = baseOf([
      { id: 'ultra', title: 'Coverage', url: '', text: '## 5G Ultra\n\n5G Ultra is our fastest network. It reaches parts of Chicago and Dallas.' },
      { id: 'need', title: 'Coverage', url: '', text: '## What do I need for 5G?\n\nTo use Volta 5G, you need:\n\n- a 5G phone\n- a Volta Plus plan\n- 5G switched on in your settings' },
      { id: 'port', title: 'Porting', url: '', text: '## How long does it take?\n\nA port from another carrier takes 4 hours.' },
      { id: 'sim', title: 'SIM cards', url: '', text: 'We deliver a physical SIM card in 2 to 4 business days.' },
    ]);
    expect(answerFrom(kb2, 'What do I need to be able to use your 5G network?')).toContain('a 5G phone');
    // A heading that leans on its page ("How long does it take?") is not every "how long…?".
    expect(answerFrom(kb2, 'How long does delivery of a physical SIM take?')).toContain('2 to 4 business days');
  });

  test('"what is the e-mail address…?" wants one; "how do I change my e-mail address?" does not', () => {
    const kb2 = baseOf([
      { id: 'account', title: 'Account', url: '', text: 'To change the email address of your account, open the app, then Account, then Profile.' },
      { id: 'support', title: 'Support', url: '', text: 'Our support team answers every email within a day.' },
    ]);
    expect(answerFrom(kb2, 'How do I change the email address of my account?')).toContain('open the app');
    expect(answerFrom(kb2, 'What is the email address of your support team?')).toBeNull();
  });

  test('a platform by its other name: a Mac is Darwin, as downloads name it; Linux is POSIX', () => {
    const kb2 = baseOf([{ id: 'bin', title: 'Pre-built binaries', url: '', text: '# Pre-built binaries\n\nDarwin amd64: https://example.com/tool/darwin_amd64.tar.gz\n\nLinux amd64: https://example.com/tool/linux_amd64.tar.gz' }]);
    expect(answerFrom(kb2, 'Where can I download the pre-built binary for a Mac?')).toContain('darwin_amd64');
    // Linux and macOS are POSIX systems: a unit about POSIX speaks of them, not of a system outside the family.
    const posix = baseOf([
      { id: 'cfg', title: 'tool.configDir()', url: '', text: '# tool.configDir()\n\nOn POSIX, it reads the TOOL_HOME variable first. Otherwise it falls back to the config folder under the user\'s home directory.\n\nOn Windows, it reads the APPDATA variable.' },
      { id: 'install', title: 'Installing', url: '', text: '# Installing\n\nThe tool runs on Linux, Haiku and Windows. Download the archive for your system and unpack it.' },
    ]);
    expect(answerFrom(posix, 'Where does tool.configDir() find the config folder on Linux?')).toContain('TOOL_HOME');
    expect(answerFrom(posix, 'Where does tool.configDir() find the config folder on Haiku?')).toBeNull();
  });

  test('a lead-in\'s items are its own words; a rule\'s number is not a quantity', () => {
    const kb2 = baseOf([
      { id: 'after-hours', title: 'After-hours security', url: '', text: '4.1 Outside staffed hours, you must:\n\n- tap your card at every door;\n- never let anyone into the building behind you;\n- switch off the lights when you leave.\n\n4.2 Guests are not allowed in the building outside staffed hours.' },
      { id: 'rooms', title: 'Meeting rooms', url: '', text: '3.6 When you leave a meeting room, please:\n\n- wipe the whiteboard;\n- switch off the screen.' },
      { id: 'desks', title: 'Desks', url: '', text: 'Each desk is 160 cm wide.' },
    ]);
    expect(answerFrom(kb2, 'What must I do when I am in the building outside staffed hours?')).toContain('tap your card');
    expect(answerFrom(kb2, 'How big is the screen in the meeting room?')).toBeNull();
  });

  test('a step of a numbered procedure brings all its steps, in order; an item of a bullet list does not', () => {
    const kb2 = baseOf([
      { id: 'esim', title: 'eSIM', url: '', text: '## Activating an eSIM on an iPhone\n\n1. Connect your iPhone to Wi-Fi.\n2. Open Settings > Cellular > Add eSIM.\n3. Scan the QR code from your welcome e-mail.\n4. Restart your iPhone.' },
      { id: 'phones', title: 'Phones', url: '', text: '## Phones with eSIM\n\n- iPhone XR and later\n- Pixel 3 and later\n- Galaxy S20 and later' },
    ]);
    const steps = answerFrom(kb2, 'How do I restart my iPhone for the eSIM?') ?? '';
    expect(steps).toContain('QR code');
    expect(steps.indexOf('Connect your iPhone')).toBeLessThan(steps.indexOf('Restart your iPhone'));
    expect(answerFrom(kb2, 'Does the Pixel 3 support eSIM?')).not.toContain('Galaxy');
  });

  test('a list too long to give whole gives each item by its first sentence, so every item is named', () => {
    const more = ' It is counted for each stack trace and kept until the program ends, when the report is written out with the others.';
    const kb2 = baseOf([
      { id: 'xtree', title: 'Execution trees', url: '', text: `## Heap reports\n\nThe heap report shows the following events:\n\n${['curB current number of Bytes allocated.', 'curBk current number of Blocks allocated.', 'totB total allocated Bytes.', 'totBk total allocated Blocks.', 'totFdB total Freed Bytes.', 'totFdBk total Freed Blocks.'].map((t) => `- ${t}${more}`).join('\n\n')}` },
      { id: 'other', title: 'Other', url: '', text: 'The report is a file.' },
    ]);
    const text = answerFrom(kb2, 'What events does the heap report show?') ?? '';
    for (const name of ['curB ', 'curBk', 'totB ', 'totBk', 'totFdB ', 'totFdBk']) expect(text).toContain(name);
    expect(text).not.toContain('kept until the program ends');
  });

  test('an item of a list of choices brings the other choices; a bulleted list under a "How to…" heading comes whole', () => {
    const kb2 = baseOf([
      { id: 'leaks', title: 'Leak options', url: '', text: '## --show-leak-kinds=<set>\n\nSpecifies the leak kinds to show, in one of the following ways:\n\n- a comma separated list of definite indirect possible reachable.\n- all to specify the complete set.\n- none for the empty set.' },
      { id: 'claims', title: 'Insurance', url: '', text: '## How to make a claim\n\n- File your claim in the app within 60 days.\n- For theft, upload a police report.\n- Pay the excess for your tier.' },
      { id: 'other', title: 'Other', url: '', text: 'The app shows your plan.' },
    ]);
    const ways = answerFrom(kb2, 'How do I specify the set for --show-leak-kinds?') ?? '';
    for (const way of ['comma separated', 'all to specify', 'none for']) expect(ways).toContain(way);
    const claim = answerFrom(kb2, 'How do I make a claim?') ?? '';
    for (const step of ['File your claim', 'police report', 'excess']) expect(claim).toContain(step);
  });

  test('an item with a list nested under it leads that list; the nested items\' words are an aside to it', () => {
    const kb2 = baseOf([
      { id: 'url', title: 'URL', url: '', text: '## url.urlToHttpOptions(url)\n\n- url <URL> The URL object to convert.\n- Returns: <Object> Options object\n  - protocol <string> Protocol to use.\n  - hash <string> The fragment of the URL.\n  - auth <string> Basic authentication, as user:password.\n\nThis function converts a URL object into an options object.' },
      { id: 'other', title: 'Other', url: '', text: 'The server listens on a port.' },
    ]);
    const fields = answerFrom(kb2, 'What fields are in the object url.urlToHttpOptions() returns?') ?? '';
    for (const field of ['protocol', 'hash', 'auth']) expect(fields).toContain(field);
    // "hash" in one field and "password" in another: the fields' words count half for the item they are nested in.
    expect(answerFrom(kb2, 'How do I hash a password with scrypt?')).toBeNull();
  });

  test('"what are my responsibilities…?" and "what do I need to set up…?" ask for several things: the lead-in and its list answer, not sentences that share its words', () => {
    const kb2 = baseOf([
      { id: 'guests', title: 'Guests', url: '', text: '## 4. Guests\n\n4.1 Members may bring guests during staffed hours only.\n\n4.2 When you bring a guest, you must:\n\n- register the guest in the app before they arrive;\n- stay with your guest at all times;\n- make sure your guest leaves by 6:00 pm.\n\n4.6 You are responsible for your guests and for any damage they cause.' },
      { id: 'other', title: 'Other', url: '', text: 'The app shows your plan.' },
    ]);
    const text = answerFrom(kb2, 'What are my responsibilities when I bring a guest in?') ?? '';
    for (const duty of ['register the guest', 'stay with your guest', 'leaves by 6:00 pm']) expect(text).toContain(duty);
    // So does "what do I need to set up / configure / install…?": what a setup takes.
    const kb3 = baseOf([
      { id: 'printer', title: 'Printers', url: '', text: '## Shared printers\n\nSetting up a shared printer on the office server takes about ten minutes.\n\nFor a shared printer you need these things:\n\n- a print queue on the office server;\n- the driver for each system;\n- a network cable.' },
      { id: 'other', title: 'Other', url: '', text: 'The app shows your plan.' },
    ]);
    const setup = answerFrom(kb3, 'What do I need to set up for a shared printer on the office server?') ?? '';
    for (const thing of ['print queue', 'driver', 'network cable']) expect(setup).toContain(thing);
  });

  test('asked for several ("which client requests let…"), an entry brings the entries beside it told as its variants', () => {
    const entries = [
      'VALGRIND_COUNT_ERRORS: returns the number of errors found so far.',
      'VALGRIND_DO_LEAK_CHECK: does a full memory leak check of your program right now. It has no return value.',
      'VALGRIND_DO_ADDED_LEAK_CHECK: same as VALGRIND_DO_LEAK_CHECK but only shows the entries that grew since the previous search.',
      'VALGRIND_DO_CHANGED_LEAK_CHECK: same as VALGRIND_DO_LEAK_CHECK but only shows the entries that changed since the previous search.',
    ];
    const kb2 = baseOf([{ id: 'requests', title: 'Client requests', url: '', text: `## Client requests\n\n${entries.join('\n\n')}` }, { id: 'other', title: 'Other', url: '', text: 'The server listens on a port.' }]);
    const text = answerFrom(kb2, 'Which client requests let my program run a leak check right now?') ?? '';
    for (const name of ['VALGRIND_DO_LEAK_CHECK:', 'VALGRIND_DO_ADDED_LEAK_CHECK', 'VALGRIND_DO_CHANGED_LEAK_CHECK']) expect(text).toContain(name);
    expect(text).not.toContain('COUNT_ERRORS');
    // Asked of the one, the one answers.
    expect(answerFrom(kb2, 'What does VALGRIND_DO_LEAK_CHECK do?')).not.toContain('CHANGED');
    // The plural is the noun the verb without its s follows, not a singular's verb.
    expect(ASKS_SEVERAL.test('Which phones support eSIM?')).toBe(true);
    expect(ASKS_SEVERAL.test('Which hook runs right before the handler?')).toBe(false);
  });

  test('asked for several, a sentence that announces how many things follow brings the first sentence of each paragraph after it', () => {
    const option = '--log-file=<filename>: Sends all messages to the file. If the file name is empty, it aborts. There are three special format specifiers that can be used in the file name.';
    const specifiers = ['%p is replaced with the process ID. It helps with many processes.', '%n is replaced with a sequence number.', '%q{FOO} is replaced with the variable FOO.', '%% is replaced with %.'];
    const kb2 = baseOf([
      { id: 'options', title: 'Options', url: '', text: ['## Basic options', option, ...specifiers].join('\n\n') },
      { id: 'commentary', title: 'Commentary', url: '', text: '## The commentary\n\n- You can write the commentary to a file with --log-file=filename. There are special format specifiers for a process ID in the log file name.\n- You can send the commentary to a network socket.' },
    ]);
    const text = answerFrom(kb2, 'What special format specifiers can I put in the --log-file name?') ?? '';
    for (const name of ['%p is replaced', '%n is replaced', '%q{FOO} is replaced']) expect(text).toContain(name);
    // As many as it announced, each by its first sentence.
    expect(text).not.toContain('%% is');
    expect(text).not.toContain('many processes');
  });

  test('a sentence that ends in a colon brings what follows it, but not a line of code when no code is asked for', () => {
    const kb2 = baseOf([
      { id: 'validators', title: 'Validators', url: '', text: '## Using other validation libraries\n\nThe setValidatorCompiler function allows substituting ajv with other validation libraries like joi or yup:\n\n```js\nconst Joi = require(\'joi\')\n```' },
      { id: 'other', title: 'Other', url: '', text: 'The server listens on a port.' },
    ]);
    const text = answerFrom(kb2, 'Which validation libraries can replace ajv?') ?? '';
    expect(text).toContain('joi or yup');
    expect(text).not.toContain('require');
  });

  test('"to port" a number is the verb: the question asks for steps, not for a port number', () => {
    const kb2 = baseOf([
      { id: 'port', title: 'Porting', url: '', text: '## How to port your number\n\n1. Do not cancel your current service.\n2. Ask your current carrier for your transfer PIN.\n3. Restart your phone when the port is complete.' },
    ]);
    expect(answerFrom(kb2, 'What are the steps to port my number?')).toContain('Do not cancel');
    expect(answerFrom(kb2, 'Which port does the server listen on?')).toBeNull();
  });

  test('asked for a default, a passage\'s own "Default:" line comes with the answer', () => {
    const others = ['bodyLimit', 'caseSensitive', 'maxParamLength', 'trustProxy'].map((n, i) => `## \`${n}\`\n\n+ Default: \`${i}\`\n\nSets ${n} for the server.`).join('\n\n');
    const kb2 = baseOf([
      { id: 'server', title: 'Server', url: '', text: `## \`pluginTimeout\`\n\n+ Default: \`10000\`\n\nA plugin may take at most this many milliseconds (10 seconds) to load; 0 disables the check.\n\n${others}` },
    ]);
    const text = answerFrom(kb2, 'How long can a plugin take to load by default?') ?? '';
    expect(text).toContain('10000');
    expect(text).toContain('at most this many milliseconds');
  });

  test('a short answer sentence brings the next one when it goes on about the same thing', () => {
    const kb2 = baseOf([
      { id: 'refunds', title: 'Refunds', url: '', text: 'Refunds take 5 working days. Each refund goes back to the card you paid with.\n\nOur office is in Lisbon.' },
      { id: 'extension', title: 'Can I get more time to pay?', url: '', text: 'Yes. Once every 6 months you can move one due date by 14 days.' },
    ]);
    expect(answerFrom(kb2, 'How long do refunds take?')).toBe('Refunds take 5 working days. Each refund goes back to the card you paid with.');
    expect(answerFrom(kb2, 'Can I get more time to pay?')).toContain('14 days'); // "Yes." says nothing alone
    // An option's signature ends no sentence: what the option does is the paragraph after it,
    // though that paragraph never repeats the option's name.
    const kb4 = baseOf([{ id: 'opts', title: 'Tracer options', url: '', text: '## Output options\n\n--frame-markers=<yes|no> [default: no]\n\nPrints a row of dashes between two traces, so a long log can be cut apart by hand.\n\n--quiet-exit\n\nExits with status 0 even when traces were dropped.\n\n--partial-loads-ok=<yes|no> [default: yes]\n\nControls how the tracer handles naturally aligned 32-, 64- and 128-bit loads from addresses of which only some bytes are addressable. When yes, such loads produce no address error.' }]);
    expect(answerFrom(kb4, 'What does --frame-markers do?')).toContain('row of dashes');
    // An entry's description is short though its synopsis makes it long: the sentence after comes.
    expect(answerFrom(kb4, 'With --partial-loads-ok=yes, what happens on a load where only some bytes are addressable?')).toContain('When yes, such loads produce no address error.');
    // The next question of an FAQ, or the next numbered rule, starts another entry.
    const kb3 = baseOf([
      { id: 'faq', title: 'FAQ', url: '', text: '"Still reachable" means the memory could have been freed. Is it fast? It is not.' },
      { id: 'rules', title: 'House rules', url: '', text: '4.2 Guests may not stay after hours. 4.3 Letting a guest stay after hours is a breach of the rules.' },
    ]);
    expect(answerFrom(kb3, 'What does still reachable mean?')).toBe('"Still reachable" means the memory could have been freed.');
    expect(answerFrom(kb3, 'May guests stay after hours?')).toBe('4.2 Guests may not stay after hours.');
  });

  test('asked whether a thing is allowed, a rule that forbids it without the word answers ("no calls")', () => {
    const rules = baseOf([
      { id: 'library', title: 'Library rules', url: '', text: 'The reading room on the top floor is silent at all times: no calls and no music.' },
      { id: 'hours', title: 'Opening hours', url: '', text: 'The library opens at 9:00 on weekdays.' },
    ]);
    expect(answerFrom(rules, 'Are calls allowed in the reading room?')).toContain('no calls');
  });

  test('asked what happens if…, of units that say as much the one that states what follows answers', () => {
    const kb2 = baseOf([
      { id: 'timers', title: 'Timers', url: '', text: 'Calling refresh on a timer that already ran its callback sets its start time to the current time and reschedules the callback at the duration given before, adjusted to the current time of the event loop clock.\n\nCalling refresh on a timer that already ran its callback will reactivate the timer.' },
      { id: 'other', title: 'Other', url: '', text: 'The server listens on a port.' },
    ]);
    // Both say every word asked; the first, earlier, says what refresh does, the second what follows.
    expect(answerFrom(kb2, 'What happens if I call refresh on a timer that already ran its callback?')).toBe('Calling refresh on a timer that already ran its callback will reactivate the timer.');
  });

  test('a question (or a part of one) about what is not (covered, allowed) is answered by what the pages say is not', () => {
    const kb2 = baseOf([
      { id: 'cover', title: 'Device cover', url: '', text: 'Every Volta Protect tier covers:\n\n- cracked screens\n- breakdowns\n\nVolta Protect does not cover:\n\n- scratches\n- lost chargers' },
      { id: 'travel', title: 'Travel Pass', url: '', text: 'Travel Pass is not available on cruise ships.' },
    ]);
    const q = 'What is not covered by Volta Protect?';
    const text = answerFrom(kb2, q) ?? '';
    expect(text).toContain('scratches');
    expect(text).not.toContain('cracked screens');
    // Of a question of several parts, only the part that asks what is not.
    const parts = answerFrom(kb2, 'What does Volta Protect cover? And where is Travel Pass not available?') ?? '';
    expect(parts).toContain('cracked screens');
    expect(parts).not.toContain('scratches');
    expect(parts).toContain('cruise ships');
  });

  test('a sentence that leads to a listing brings it when the listing answers: asked how, or "like this:"; not when its own words answer', () => {
    const kb2 = baseOf([
      { id: 'jump', title: 'git-jump', url: '', text: 'Using git-jump\n--------------\n\nTo use it, just drop git-jump in your PATH, and then invoke it like this:\n\n--------------------------------------------------\n# jump to changes not yet staged for commit\ngit jump diff\n\n# jump to changes that are staged for commit\ngit jump diff --cached\n--------------------------------------------------' },
      { id: 'source', title: 'Sources', url: '', text: 'When a new upstream release comes, the release+patches branch is rebased on the release branch. This is done by\n\n```\n$ git checkout release+patches\n$ git rebase release\n```\n\nYou generally don\'t need to do that.' },
      { id: 'other', title: 'Other', url: '', text: 'The server listens on a port.' },
    ]);
    const jump = answerFrom(kb2, 'How do I use git-jump to jump to staged changes?') ?? '';
    expect(jump).toContain('invoke it like this:\n```\n# jump to changes not yet staged for commit\ngit jump diff\n');
    expect(jump).toContain('git jump diff --cached\n```');
    // The sentence that comes along ("This is done by") brings its commands too.
    expect(answerFrom(kb2, 'How is the release+patches branch rebased on a new upstream release?')).toContain('This is done by\n```\n$ git checkout release+patches\n$ git rebase release\n```');
  });

  test('asked how, a listing right after the answer that says what it does not comes with it', () => {
    const kb2 = baseOf([
      { id: 'esm', title: 'Plugins', url: '', text: '## ESM support\n\nESM is supported from Node.js v13.3.0 and above.\n\n```js\n// main.mjs\nfastify.register(import(\'./plugin.mjs\'))\n```' },
      { id: 'other', title: 'Other', url: '', text: 'The server listens on a port.' },
    ]);
    expect(answerFrom(kb2, 'From which Node.js version is ESM supported, and how do I register an .mjs plugin?')).toContain("fastify.register(import('./plugin.mjs'))");
    // Not asked how, the sentence answers alone.
    expect(answerFrom(kb2, 'From which Node.js version is ESM supported?')).toBe('ESM is supported from Node.js v13.3.0 and above.');
  });

  test('a line of example code answers only a question that asks for code', () => {
    const kb2 = baseOf([
      { id: 'routes', title: 'Routes', url: '', text: 'Routes are declared on the server, as in this example.\n\n```js\n// Add an endpoint of your choice\nfastify.get("/", handler)\n```' },
    ]);
    const ask = (q: string) => answerFrom(kb2, q);
    expect(ask('How do I add a WebSocket endpoint?')).toBeNull();
    expect(ask('What is an example of adding an endpoint?')).toContain('Add an endpoint');
  });

  test('a sentence that leans on the one before ("It halves…") brings it', () => {
    const kb2 = baseOf([
      { id: 'origins', title: 'Options', url: '', text: 'Origin tracking records where each uninitialised value came from. It halves the speed and adds at least 100 MB of memory to Memcheck.' },
    ]);
    expect(answerFrom(kb2, 'How much memory does Memcheck add?')).toBe('Origin tracking records where each uninitialised value came from. It halves the speed and adds at least 100 MB of memory to Memcheck.');
    // "There is …" introduces something; it does not lean on what came before.
    const kb3 = baseOf([
      { id: 'packaging', title: 'Packaging', url: '', text: 'Send patches for the package to the bug tracker after testing them twice on a clean install. There is a mailing list for packagers: subscribe by writing to lists@example.org.' },
    ]);
    expect(answerFrom(kb3, 'How do I subscribe to the mailing list for packagers?')).toBe('There is a mailing list for packagers: subscribe by writing to lists@example.org.');
    // The fact in the sentence that goes on, the thing asked about in the one before: read together.
    const kb4 = baseOf([
      { id: 'malloc', title: 'Allocation options', url: '', text: 'The allocator adds padding blocks around each heap block. Such padding blocks are called redzones, and their size depends on the tool. For example, Memcheck adds 16 bytes before and after each block.' },
      { id: 'profilers', title: 'Profilers', url: '', text: 'Cachegrind simulates the caches of the machine. Massif is a heap profiler.' },
    ]);
    // "Such padding blocks…" goes on from the sentence before it in turn: that one comes too.
    expect(answerFrom(kb4, 'How big is the redzone around each heap block?')).toBe('The allocator adds padding blocks around each heap block. Such padding blocks are called redzones, and their size depends on the tool. For example, Memcheck adds 16 bytes before and after each block.');
  });

  test('a sentence that goes on from one that goes on brings both, within its paragraph', () => {
    const kb2 = baseOf([
      { id: 'paths', title: 'Paths', url: '', text: 'Paths are joined from left to right.\n\nOn Windows each drive keeps its own working directory. This behaviour shows when a drive letter is given without a backslash. For example, resolving C: can give another folder than resolving C:\\ does.' },
      { id: 'cases', title: 'Interior pointers', url: '', text: 'Some allocators keep the block size in the first 8 bytes. A well-known database does this.\n\nIt might be a pointer to an array of objects with destructors. In this case, some compilers store a cookie with the array length at the start of the block.' },
    ]);
    // "For example, …" leans on "This behaviour …", which leans on the sentence that says what it is.
    expect(answerFrom(kb2, 'Can resolving C: give another folder than resolving C:\\?')).toMatch(/^On Windows each drive keeps its own working directory\./);
    // "It …" opening the next paragraph (the next case of a list of cases) goes on from its own
    // case only: the paragraph before stays out.
    const text = answerFrom(kb2, 'Where do compilers store the cookie with the array length?') ?? '';
    expect(text).toContain('It might be a pointer');
    expect(text).not.toContain('database');
  });

  test("an option's synopsis cut off from its description answers only its default; the later part's \"it\" is the option", () => {
    // A page break between the synopsis and what describes it: two passages.
    const pages = manualPages('Uncommon options', [
      ['--stack-size=<number> [default: 1MB]', 0.7],
      ['Each thread needs its own stack. Use the option --stack-size if a warning about the stack is printed.\n\n--show-warnings=<yes|no> [default: no]: When enabled, warnings about emulation are printed.', 0.7],
    ]);
    const text = compose("What's the default --stack-size, and when should I change it?", pages, new Map([['default', 1.5], ['stack-size', 5], ['chang', 2.4]]))?.text ?? '';
    // The synopsis for the default, the page after for when; another option's entry is neither.
    expect(text).toMatch(/^--stack-size=<number> \[default: 1MB\]\n\n.*Use the option --stack-size if a warning about the stack is printed\.$/s);
    expect(text).not.toContain('--show-warnings');
  });

  test('"What does X do?" is answered by the sentence that has X as its subject', () => {
    const kb2 = baseOf([
      { id: 'jump', title: 'git-jump', url: '', text: 'When you have many changes, git-jump takes you from one to the next in your editor, and git-jump lists them in order. Git-jump is a script that opens your editor at each interesting spot of the project.' },
    ]);
    expect(answerFrom(kb2, 'What does git-jump do?')).toMatch(/^Git-jump is a script/);
  });

  test('two named things asked the same ("the defaults of A and B"): each answered from its own section, saying which', () => {
    const others = ['bodyLimit', 'pluginTimeout', 'requestTimeout', 'maxParamLength', 'caseSensitive', 'ignoreTrailingSlash', 'http2', 'trustProxy']
      .map((name, i) => `## ${name}\n\n+ Default: ${i + 1}\n\nSets the value the server uses for ${name}.`).join('\n\n');
    const kb2 = baseOf([
      { id: 'options', title: 'Server', url: '', text: `# Options\n\nEvery option has a default value. The options connectionTimeout, keepAliveTimeout and bodyLimit can be read back at run time.\n\n## connectionTimeout\n\n+ Default: 0 (no timeout)\n\nDefines the server timeout in milliseconds.\n\n## keepAliveTimeout\n\n+ Default: 72000 (72 seconds)\n\nDefines the keep-alive timeout in milliseconds.\n\n${others}` },
    ]);
    const text = answerFrom(kb2, 'What are the default values of connectionTimeout and keepAliveTimeout?') ?? '';
    expect(text).toMatch(/connectionTimeout: Default: 0 \(no timeout\)/);
    expect(text).toMatch(/keepAliveTimeout: Default: 72000/);
    expect(text).not.toContain('read back');
    // "my photo ID and my invoices": each thing with its own words, each answered by its own row.
    const kb3 = baseOf([
      { id: 'keep', title: 'Privacy', url: '', text: '## How long we keep your data\n\n| Type of data | Retention period |\n|---|---|\n| Copy of photo ID | 14 days after sign-up |\n| Access logs | 12 months |\n| Invoices and payment records | 7 years |' },
      { id: 'collect', title: 'Privacy', url: '', text: '## What we collect\n\nWe collect your name and your photo ID. We keep your contract.' },
      { id: 'billing', title: 'Billing', url: '', text: '## Payments\n\nPayments are taken on the first day of the month. We send invoices by e-mail.' },
      { id: 'desk', title: 'Desks', url: '', text: '## Desks\n\nA hot desk is free to book. We keep lockers for members.' },
    ]);
    const kept = answerFrom(kb3, 'How long do you keep the copy of my photo ID and my invoices?') ?? '';
    expect(kept).toContain('14 days');
    expect(kept).toContain('7 years');
    expect(kept.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(2); // two rows, one per line
  });

  test('two options named with their dashes are two things asked the same, each found by the line its entry opens with', () => {
    const pages = manualPages('Cache options', [
      ['--spill-size=<number> [default: 4096]\n\nHow many bytes a spill holds before it is written out.', 1],
      ['Spills are written in order.\n\n--spill-count=<number> [default: 8]\n\nHow many spills are kept on disk.', 0.5],
    ]);
    const text = compose('What are the defaults of --spill-size and --spill-count?', pages, new Map([['default', 1.5], ['spill-size', 5], ['spill-count', 5.2]]))?.text ?? '';
    expect(text).toContain('[default: 4096]');
    // The second entry is in a passage less relevant to the whole question, under no heading of its own.
    expect(text).toContain('[default: 8]');
  });

  test('a sentence under a heading that names code says which method it is about when the visitor did not name it', () => {
    const kb2 = baseOf([
      { id: 'meter', title: 'Meter', url: '', text: '## meter.clearReading(slot)\n\nClears the value stored in one slot.\n\n## meter.read(slot)\n\nGives back the value of a slot as a number.' },
    ]);
    expect(answerFrom(kb2, 'How do I clear a stored value?')).toBe('meter.clearReading(slot): Clears the value stored in one slot.');
    // Named by the visitor, the method needs no saying again.
    expect(answerFrom(kb2, 'What does meter.read give back?')).toBe('Gives back the value of a slot as a number.');
  });

  test('a heading labelled with its kind ("Class: gauge.Dial") says which class it is when the visitor named only its module', () => {
    const kb2 = baseOf([
      { id: 'gauge', title: 'Gauge', url: '', text: '## Class: gauge.Dial\n\nShows either a pressure or a temperature reading by looking at the sensor type.\n\n## Class: gauge.Bar\n\nShows a level as a filled bar.' },
    ]);
    expect(answerFrom(kb2, 'Which gauge class shows a pressure or a temperature reading, by looking at the sensor type?')).toBe('gauge.Dial: Shows either a pressure or a temperature reading by looking at the sensor type.');
    // Named by the visitor, the class needs no saying again.
    expect(answerFrom(kb2, 'What does gauge.Bar show?')).toBe('Shows a level as a filled bar.');
  });

  test('a number joined to a word ("12-month") is a measure, not a name the answer must repeat', () => {
    const kb2 = baseOf([
      { id: 'tiers', title: 'Insurance', url: '', text: '## Tiers\n\n| Tier | Monthly price | Claims per 12 months |\n|---|---|---|\n| Protect Lite | $7 | 2 |\n| Protect Plus | $15 | 3 |' },
      { id: 'claim', title: 'Claims', url: '', text: '## How to claim\n\nFile your claim in the app within 60 days.' },
      { id: 'plans', title: 'Plans', url: '', text: '## Contracts\n\nA 12-month plan costs less than a month-to-month plan.' },
    ]);
    // The pages write "12-month" elsewhere, so the search keeps it whole; the row says "12 months".
    expect(answerFrom(kb2, 'On Protect Plus, how often can I claim in a 12-month period?')).toBe('Tier: Protect Plus; Monthly price: $15; Claims per 12 months: 3');
  });

  test('"which value…?" is answered by "a value of -14"; a unit about all other platforms speaks of Linux', () => {
    const kb2 = baseOf([
      { id: 'prio', title: 'OS', url: '', text: '## Priority constants\n\n| Constant | Description |\n|---|---|\n| PRIORITY_LOW | The lowest priority. This is IDLE_PRIORITY_CLASS on Windows, and a nice value of 19 on all other platforms. |\n| PRIORITY_HIGH | A high priority. This is HIGH_PRIORITY_CLASS on Windows, and a nice value of -14 on all other platforms. |' },
      { id: 'set', title: 'OS', url: '', text: '## os.setPriority()\n\nSets the scheduling priority of a process.' },
      { id: 'linux', title: 'OS', url: '', text: '## os.release()\n\nOn Linux, returns the kernel release.' },
      { id: 'base', title: 'Paths', url: '', text: '## fmt.baseName()\n\nAlthough Windows treats file names as case-insensitive, this function does not.' },
      { id: 'glob', title: 'Paths', url: '', text: '## fmt.matchGlob()\n\nThe fmt.matchGlob() method tells whether a path matches a pattern, on Windows as elsewhere.' },
      { id: 'jit', title: 'Compilers', url: '', text: '## Compilers\n\nA program with a just-in-time compiler needs the --smc-check=all option. JIT output is slow to start.' },
    ]);
    // "a value of -14" says which value: it is not a value in general ("donated to a charity").
    expect(answerFrom(kb2, 'Which nice value does PRIORITY_HIGH map to?')).toContain('a nice value of -14');
    // "all other platforms" than Windows are Linux among them: the name is not missing.
    expect(answerFrom(kb2, 'What nice value does PRIORITY_HIGH map to on Linux?')).toContain('a nice value of -14');
    // Every thing the question names is what the answer speaks of: what fmt.baseName() does on
    // Windows says nothing of fmt.matchGlob(). An acronym is named by its words spelt out.
    expect(answerFrom(kb2, 'Is fmt.matchGlob() case-insensitive on Windows?')).toBeNull();
    expect(answerFrom(kb2, 'Which option does a program with a JIT need?')).toContain('--smc-check=all');
  });

  test('a short sentence brings the list right after it that has no lead-in, when the list is about it', () => {
    const base = baseOf([
      { id: 'os', title: 'OS', url: '', text: '## os.devNull\n\nAdded in: v16.3.0\n\n- <string>\n\nThe platform-specific file path of the null device.\n\n- `\\\\.\\nul` on Windows\n- `/dev/null` on POSIX\n\n## os.EOL\n\nThe operating system-specific end-of-line marker.' },
      { id: 'notes', title: 'Release notes', url: '', text: '## 2.1\n\nThe release fixes the crash on start.\n\n- Dark mode\n- Faster search' },
    ]);
    expect(answerFrom(base, 'What does os.devNull contain on each platform?')).toBe('The platform-specific file path of the null device.\n- \\\\.\\nul on Windows\n- /dev/null on POSIX');
    // A list that shares nothing with the sentence before it, nor with the question, is not what it introduces.
    expect(answerFrom(base, 'Which crash does release 2.1 fix?')).toBe('The release fixes the crash on start.');
  });

  test('asked for several, an entry the question names is where they go, not the list of them', () => {
    // "hints" is an entry of the options list, named by the question; the flags are listed elsewhere.
    const base = baseOf([
      { id: 'dns', title: 'DNS', url: '', text: '## dns.lookup(hostname[, options], callback)\n\n- `options` <integer> | <Object>\n  - `family` <integer> The record family. Must be 4, 6, or 0.\n  - `hints` <number> One or more supported getaddrinfo flags. Multiple flags may be passed by bitwise ORing their values.\n  - `all` <boolean> When true, the callback returns all resolved addresses in an array.\n\n## Supported getaddrinfo flags\n\nThe following flags can be passed as hints to dns.lookup().\n\n- `dns.ADDRCONFIG`: Limits returned address types to the types of non-loopback addresses configured on the system.\n- `dns.V4MAPPED`: If the IPv6 family was specified, but no IPv6 addresses were found, then return IPv4 mapped IPv6 addresses.\n- `dns.ALL`: If `dns.V4MAPPED` is specified, return resolved IPv6 addresses as well as IPv4 mapped IPv6 addresses.' },
    ]);
    expect(answerFrom(base, 'Which getaddrinfo flags can I pass as hints to dns.lookup()?')).toMatch(/^The following flags can be passed as hints to dns\.lookup\(\)\.\n- dns\.ADDRCONFIG/);
    // Asked of the entry alone, it answers.
    expect(answerFrom(base, 'What is the hints option of dns.lookup() for?')).toContain('One or more supported getaddrinfo flags');
  });

  test('asked of one row, the row answers, not its table\'s lead-in with the first rows', () => {
    const rows = ['getc.c:get 8,821,482 5', 'concord.c:word 5,222,023 4', 'main.c:strcmp 2,649,248 2', 'concord.c:hash 2,521,927 2', 'ctype.c:lower 2,242,740 2', 'concord.c:insert 1,496,937 4']
      .map((r) => `| ${r.split(' ').join(' | ')} |`).join('\n');
    const kb2 = baseOf([
      { id: 'counts', title: 'Profiler', url: '', text: `## Function counts\n\nThen come the counts per function:\n\n| function | Ir | I1mr |\n|---|---|---|\n${rows}` },
      { id: 'other', title: 'Profiler', url: '', text: '## Options\n\nThe profiler counts every instruction.' },
    ]);
    expect(answerFrom(kb2, 'What Ir does hash in concord.c have?')).toBe('Then come the counts per function:\nfunction: concord.c:hash; Ir: 2,521,927; I1mr: 2');
    // Asked for several, the lead-in brings its rows.
    expect(answerFrom(kb2, 'Which functions are in the counts per function?')).toContain('concord.c:insert');
  });

  test('a row named by its key answers a question of a figure in the table\'s own words', () => {
    const rows = ['getc.c:get 8,821,482 1,621', 'concord.c:word 5,222,023 16', 'main.c:strcmp 2,649,248 7,326', 'concord.c:insert 1,496,937 9,000']
      .map((r) => `| ${r.split(' ').join(' | ')} |`).join('\n');
    const kb2 = baseOf([
      { id: 'counts', title: 'Profiler', url: '', text: `## Function counts\n\nThen come the counts per function:\n\n| function | Ir | D1mr |\n|---|---|---|\n${rows}` },
      { id: 'other', title: 'Profiler', url: '', text: '## Events\n\nD1 read misses are counted per data access. Write misses are counted apart.' },
    ]);
    // The lead-in is read with every row's words, yet one row is asked about; "D1 read misses"
    // is named by its short form in parentheses, which the table uses.
    expect(answerFrom(kb2, 'In the counts per function, how many D1 read misses (D1mr) does concord.c:insert have?')).toContain('D1mr: 9,000');
    // The figure is the table's "9,000", with no unit after it: it still answers "how many bytes".
    const kb3 = baseOf([{ id: 'heap', title: 'Heap', url: '', text: '## Heap report\n\nThe report lists each function:\n\n| freedB | freedBk | function |\n|---|---|---|\n| 111 | 9 | mfg.c:freeX |\n| 131 | 10 | mfg.c:freeY |\n| 0 | 0 | mfg.c:main |' },
      { id: 'sizes', title: 'Sizes', url: '', text: '## Sizes\n\nEvery block is counted in bytes, and the mfg example allocates many bytes.' },
      { id: 'tools', title: 'Tools', url: '', text: '## Tools\n\nThe report shows bytes per block.' }]);
    expect(answerFrom(kb3, 'How many bytes did mfg.c:freeX free?')).toContain('freedB: 111');
  });

  test('a row named by its key names the question\'s other things as its columns', () => {
    const rows = ['getc.c:get 8,821,482 1,621', 'concord.c:word 5,222,023 16', 'concord.c:insert 1,496,937 3,152']
      .map((r) => `| ${r.split(' ').join(' | ')} |`).join('\n');
    const kb2 = baseOf([
      { id: 'counts', title: 'Profiler', url: '', text: `## Function counts\n\nThen come the counts per function:\n\n| function | Ir | D1mw |\n|---|---|---|\n${rows}` },
      { id: 'caches', title: 'Caches', url: '', text: '## Caches\n\nA D1 write miss is a write that misses the first-level data cache.' },
    ]);
    // "D1" is said by no unit of the table: the row says it as its header "D1mw", and is the
    // answer alone, without the page that says "D1 write miss" of nothing in the row.
    const text = answerFrom(kb2, 'How many D1 write misses does concord.c:insert have in the counts?');
    expect(text).toContain('D1mw: 3,152');
    expect(text).not.toContain('first-level');
  });

  test('another page\'s sentence that says only a word the answer lacks does not join it', () => {
    const page = (id: string, heading: string, text: string, score: number) => ({ id, sourceId: id, title: 'Policies', url: '', heading, text, score });
    const weightsOf = (words: string, ws: number[]) => new Map(terms(words, 'en').map((t, i) => [t, ws[i]]));
    // "stop" is all the key-card sentence says of the question: it is about something else.
    const mail = compose('How do I stop your marketing e-mails?', [
      page('mail', 'Marketing e-mails', 'We send marketing e-mails only if you opt in. You can opt out at any time with the link at the bottom of each e-mail.', 0.8),
      page('cards', 'Key cards', 'A key card that stops working through normal wear is replaced free of charge.', 0.6),
    ], new Map([['stop', 3], ['market', 3], ['e-mails', 3]]));
    expect(mail?.text).toBe('We send marketing e-mails only if you opt in. You can opt out at any time with the link at the bottom of each e-mail.');
    // One that says what the answer is about (plan prices) as well still joins it: it answers the rest.
    const price = compose('What is the Plus plan price with taxes?', [
      page('plans', 'Plans', '| Plan | Price |\n|---|---|\n| Basic | $30 |\n| Plus | $45 |', 0.8),
      page('prices', 'Paying', 'Plan prices are per line and include taxes and fees.', 0.6),
    ], weightsOf('Plus plan price taxes', [3, 1, 1.5, 2.5]));
    expect(price?.text).toBe('Plan: Plus; Price: $45\n\nPlan prices are per line and include taxes and fees.');
  });

  test('a command of a man page\'s list answers what it is for, by its entry', () => {
    const base = baseOf([
      { id: 'cmds', title: 'git stash', url: '', text: '## COMMANDS\n\npush [<message>]::\n\tSave your local changes to a new stash entry and roll them back to HEAD.\n\npop [<stash>]::\n\tRemove a single stash entry from the list and apply it on top of the current tree.\n\nlist::\n\tList the stash entries that you currently have.' },
      { id: 'ex1', title: 'git stash', url: '', text: '## EXAMPLES\n\nYou can pop the stash after a pull, when the stash still applies. A pop after the stash was dropped fails.' },
      { id: 'ex2', title: 'git stash', url: '', text: '## NOTES\n\nThe stash pop is refused when the stash does not apply; pop again after you resolve it.' },
    ]);
    expect(answerFrom(base, "What is 'git stash pop' good for?")).toMatch(/^pop \[<stash>\]: Remove a single stash entry/);
  });

  test('a cell that lists names keys its row by each: the row answers of one of them', () => {
    const base = baseOf([
      { id: 'zones', title: 'Travel zones', url: '', text: '## Zones and prices\n\n| Zone | Countries | Calls | Data |\n|---|---|---|---|\n| A | Peru, Chile | Included | Included |\n| B | Japan, Korea | $0.30 | $0.05 |\n| C | Kenya, Ghana | $0.50 | $0.09 |' },
      { id: 'data', title: 'Data', url: '', text: '## Running out of data\n\nWhen your data runs out, it keeps working at a lower speed at no extra charge. You pay nothing more.' },
      { id: 'calls', title: 'Calls', url: '', text: '## Calls at home\n\nCalls at home are included on every plan. You pay your bill monthly.' },
    ]);
    expect(answerFrom(base, 'Do I pay extra for data when I am in Chile?')).toContain('Zone: A; Countries: Peru, Chile; Calls: Included; Data: Included');
  });

  test('asked for several, the section the question names is the answer: its list, with the sentence before it', () => {
    const base = baseOf([
      { id: 'storage', title: 'Storage', url: '', text: '# Storage\n\nStorage plugins are registered with the addStorage method and let you keep uploads in the storage backend of your choice. Every storage plugin must be registered before the server starts, otherwise uploads are lost.\n\n## Storage plugins\n\nYou can keep uploads elsewhere as well.\n\n- [disk](#disk)\n- [s3](#s3)\n- [memory](#memory)\n\n## Limits\n\nUploads larger than 10 MB are refused by every storage plugin inside the server, and the options inside the plugin cannot change that.' },
      { id: 'session', title: 'Session', url: '', text: '# Session\n\n## .cookieOptions\n\nThe cookie settings object.\n- `maxAge` - How long a session lives.\n- `secure` - Send the cookie over HTTPS only.\n- `rolling` - Renew the cookie on every response.\n\n## .destroy()\n\nEnds the session. The options inside the session are dropped with it, and a new session starts on the next request with default options inside.' },
    ]);
    // The list has no lead-in of its own ("…as well." does not end in a colon).
    expect(answerFrom(base, 'What storage plugins are there?')).toMatch(/^You can keep uploads elsewhere as well\.\n- disk\n- s3\n- memory/);
    // "What's inside X?" asks for what X holds: the section of X, though other passages say "inside" and X's words more.
    expect(answerFrom(base, "What's inside session.cookieOptions?")).toMatch(/^The cookie settings object\.\n- maxAge - How long a session lives\.\n- secure/);
  });

  test('a name of code the question says finds its entry, whose signature heading names it, and the answer comes from there', () => {
    const base = baseOf([
      { id: 'Ticket.md', title: 'Ticket', url: '', text: '# Ticket\n\n## Introduction\n\nTicket is the object every booking handler gets, with these fields:\n- `seat` - The seat given to the holder when the venue opens.\n- `gate` - The gate printed on the ticket, given to the holder at the door.\n- `owner` - The holder of the ticket, given by the box office.\n\n## Properties\n\n#### .seat\n\nThe seat number read from the booking. It is `null` when the venue has free seating.\n\n#### .then(resolved, failed)\n\nA ticket can be awaited.\n\n`ticket.then(resolved, failed)` takes two callbacks:\n\n- `resolved` runs once the ticket is printed,\n- `failed` runs when the printer jams.' },
      { id: 'Venue.md', title: 'Venue', url: '', text: '# Venue\n\n## Opening\n\nWhen the venue opens, each holder is given a seat and a gate, and the holder then takes the seat given.' },
    ]);
    // The entry ".seat" on the Ticket page is what "ticket.seat" names, though the summary list
    // and the Venue page say "given", "holder" and "venue" more often.
    expect(answerFrom(base, 'What seat does ticket.seat give the holder when the venue has no seat numbers?')).toBe('The seat number read from the booking. It is null when the venue has free seating.');
    // "then" is no search word: the signature heading names the entry all the same.
    expect(answerFrom(base, 'What callbacks does ticket.then() take, and when does each one run?')).toMatch(/ticket\.then\(resolved, failed\) takes two callbacks:\n- resolved runs once the ticket is printed,\n- failed runs when the printer jams\.$/);
  });

  test('a name with its version is named by a release table\'s row of that version; "come out" is a release', () => {
    const base = baseOf([
      { id: 'releases', title: 'Support schedule', url: '', text: '# Support schedule\n\n## Releases\n\n| Version | Release Date | End Of Support | Runs on |\n| --- | --- | --- | --- |\n| 1.0.0 | 2019-04-02 | 2020-10-01 | 4, 6, 7 |\n| 2.0.0 | 2021-05-11 | 2023-03-31 | 6, 7, 8 |\n| 3.0.0 | 2023-08-20 | TBD | 8, 9 |' },
      { id: 'about', title: 'About Quokka', url: '', text: '# About Quokka\n\nQuokka is a small queue library. Quokka runs in any runtime.' },
    ]);
    expect(answerFrom(base, 'When did Quokka 2 come out, and when did its support end?')).toBe('Version: 2.0.0; Release Date: 2021-05-11; End Of Support: 2023-03-31; Runs on: 6, 7, 8');
    // A bare number among others in a row ("Runs on: 4, 6, 7") is not the version asked about.
    expect(answerFrom(base, 'When is Quokka 6 coming out?')).toBeNull();
  });

  test('a name with its version is named by its release notes\' page: "In Git 2.39, …" is answered by a line titled 2.39.0', () => {
    const base = baseOf([
      { id: 'RelNotes/2.39.0.txt', title: '2.39.0', url: '', text: '# Features\n\n- With --recurse-submodules=on-demand, all submodules are recursively pushed.\n- The pager learned to honour the color settings of the user.' },
      { id: 'RelNotes/2.0.0.txt', title: '2.0.0', url: '', text: '# Features\n\n- A trailing space in a pattern of an ignore file now warns.' },
      { id: 'push', title: 'Pushing with Git', url: '', text: '# Push\n\nGit push sends your commits to the remote.' },
    ]);
    expect(answerFrom(base, 'In Git 2.39, what does git push --recurse-submodules=on-demand push?')).toBe('- With --recurse-submodules=on-demand, all submodules are recursively pushed.');
    // Another version's page does not name Git 2.39.
    expect(answerFrom(base, 'In Git 2.39, what happens to a trailing space in an ignore pattern?')).toBeNull();
  });

  test('the names of the case a visitor tells before asking need not be repeated by the answer', () => {
    const base = baseOf([
      { id: 'readline', title: 'Readline', url: '', text: '# Readline\n\nThe readline module reads a stream such as stdin one line at a time. When stdin is the input, the program does not end until the stream closes. To exit without waiting for user input, call process.stdin.unref().' },
      { id: 'cli', title: 'Writing a CLI', url: '', text: '# Writing a CLI\n\nA CLI parses its arguments with util.parseArgs().' },
    ]);
    expect(answerFrom(base, 'My CLI reads stdin with readline. How can I let it exit without waiting for user input?')).toContain('To exit without waiting for user input, call process.stdin.unref().');
    // A name the question itself says is still held to: the readline sentence never says CLI.
    expect(answerFrom(base, 'How can I let the CLI that reads stdin with readline exit without waiting for user input?')).toBeNull();
  });

  test('a phrase before the question narrows it; it is not a question of its own', () => {
    expect(questionParts('For gzip streams, what can I pass as the flush mode?')).toEqual([]);
    expect(questionParts('In the example output, what was the cache size?')).toEqual([]);
    expect(questionParts('According to the install guide, which compilers work?')).toEqual([]);
    // Two questions are still two parts.
    expect(questionParts('How much is the late fee, and how much data does Basic include?')).toHaveLength(2);
    // "and also" joins a second question as "and" does.
    expect(questionParts('How much is the late fee, and also how much data does Basic include?')).toEqual(['How much is the late fee', 'how much data does Basic include?']);
    expect(questionParts('how much is the late fee and also when is it charged')).toHaveLength(2);
    // A part may open with its preposition ("in which version…"): it asks, it narrows nothing.
    expect(questionParts('What does path.isAbsolute() return and in which version was path.format() changed?')).toHaveLength(2);
    expect(questionParts('In which version was path.format() changed, and what does it return?')).toHaveLength(2);
    expect(questionParts('In which version was path.format() changed?')).toEqual([]);
  });

  test('each part of a question of several parts asks for one thing or for several on its own', () => {
    const kb2 = baseOf([
      { id: 'hooks', title: 'Hooks', url: '', text: '# Hooks\n\nHooks let you listen to events in the application.\n\n## Application Hooks\n\nYou can hook into the application lifecycle as well.\n\n- onReady\n- onListen\n- onClose\n- onRoute\n\n## Request hooks\n\nA request hook runs for each request of the application.' },
      { id: 'reply', title: 'Reply', url: '', text: '# Reply\n\n## .hasHeader(key)\n\nReturns a boolean indicating if the specified header has been set.' },
      { id: 'plugins', title: 'Plugins', url: '', text: '# Plugins\n\nA plugin can add hooks to the application. Application code registers hooks in plugins.' },
    ]);
    // The section the list part names is found and read as that part's answer, however little of the whole question it says.
    const out = answerFrom(kb2, 'Two questions: What does reply.hasHeader return? What application hooks are there?');
    expect(out).toMatch(/Returns a boolean/);
    expect(out).toMatch(/onReady[\s\S]*onRoute/);
  });

  test('a question on the page is not the answer: what follows it is', () => {
    const kb2 = baseOf([
      { id: 'faq', title: 'FAQ', url: '', text: 'How do you pronounce Valgrind?\n\nThe "Val" as in the word "value".' },
      { id: 'toc', title: 'Contents', url: '', text: 'Where does the name Valgrind come from? How do you pronounce Valgrind?' },
    ]);
    expect(answerFrom(kb2, 'How do you pronounce Valgrind?')).toBe('The "Val" as in the word "value".');
  });

  test('an FAQ entry that states the visitor\'s case without asking is not its own answer', () => {
    const manual = 'Memcheck checks every read and write of memory, and every call to malloc and free, as the program runs. '.repeat(3).trim();
    const kb2 = baseOf([
      { id: 'faq', title: 'FAQ', url: '', text: `4.4. My program crashes. What's happening?\n\nIts memory layout differs under Valgrind.\n\n4.5. Memcheck doesn't report any errors and I know my program has errors.\n\nThere are two possible causes of this: child processes and static linking.` },
      { id: 'manual', title: 'Manual', url: '', text: `# Reporting of errors\n\n${manual} Errors in your program are reported as they happen.` },
    ]);
    const out = answerFrom(kb2, "Memcheck doesn't report any errors and I know my program has errors.");
    expect(out).toMatch(/two possible causes/);
    expect(out).not.toMatch(/^4\.5\./);
    // So asked with its number.
    expect(answerFrom(kb2, "4.5. Memcheck doesn't report any errors and I know my program has errors.")).toMatch(/two possible causes/);
  });

  test('an FAQ entry that states its case before it asks is answered by what follows its question', () => {
    const kb2 = baseOf([
      { id: 'faq', title: 'FAQ', url: '', text: '4.4. My program crashes normally, but doesn\'t under Valgrind, or vice versa. What\'s happening? When a program runs under Valgrind, its memory layout is different.' },
      { id: 'faq2', title: 'FAQ', url: '', text: '5.3. Uninitialised value errors are hard to track down. Could Memcheck record a trail? Or maybe just report copies? Try the --track-origins=yes option.' },
    ]);
    expect(answerFrom(kb2, 'My program crashes normally but not under Valgrind. Why?')).toBe('When a program runs under Valgrind, its memory layout is different.');
    // A line of the FAQ's contents names entries; it answers nothing.
    const kb3 = baseOf([
      { id: 'toc', title: 'FAQ', url: '', text: '4. Valgrind behaves unexpectedly 4.1. My program uses the C++ STL and string classes. Valgrind reports still reachable leaks. 4.2. The stack traces given by Memcheck aren\'t helpful.' },
    ]);
    expect(answerFrom(kb3, 'Valgrind reports still reachable leaks for my C++ string classes. Is that real?')).toBeNull();
    // The answer follows a run of questions that go on asking.
    expect(answerFrom(kb2, 'Could Memcheck record a trail of uninitialised value errors?')).toBe('Try the --track-origins=yes option.');
  });

  test('other words for the same thing: "money back" finds a refund, "cost" a price', () => {
    const kb2 = baseOf([{ id: 'r', title: 'Refunds', url: '', text: 'Annual plans can be refunded in full within 14 days of purchase.' }]);
    expect(answerFrom(kb2, 'Can I get my money back?')).toContain('14 days');
    const kb4 = baseOf([
      { id: 'battery', title: 'Battery', url: '', text: 'A replacement battery costs 390 euros. The battery lasts about 1,000 charge cycles.' },
      { id: 'frame', title: 'Frame', url: '', text: 'The frame is made of aluminium.' },
    ]);
    expect(answerFrom(kb4, 'Is a new battery expensive?')).toContain('390 euros'); // "expensive" asks for a price
    // "empty" is what reference docs call "zero-length".
    const kb3 = baseOf([
      { id: 'join', title: 'path.join(...paths)', url: '', text: 'The method joins all given path segments together, then normalizes the resulting path. Zero-length path segments are ignored. If the joined path is a zero-length string then \'.\' is returned.' },
      { id: 'sep', title: 'path.sep', url: '', text: 'The platform-specific path segment separator.' },
    ]);
    expect(answerFrom(kb3, 'What happens to empty segments in path.join?')).toContain('Zero-length path segments are ignored.');
  });
});

test('the visitor\'s greeting, name and address before a question leave its frame where it was', () => {
  // "What does X do?" is answered by the sentence that defines X, "Which company…" only by a
  // sentence naming a company: read from the question's start, not from "Hi, I'm Tom".
  const base = baseOf([{ id: 'jump', title: 'Tools', url: '', text: '# Tools\n\nYou can run git-jump from any folder of a project. Git-jump is a script that lists the places to edit.' }]);
  for (const q of ['What does git-jump do?', 'Hi, I\'m Tom Becker (tom.becker@example.com). What does git-jump do?', 'Name: Tom Becker, e-mail: tom@example.com. What does git-jump do?'])
    expect(answerFrom(base, q)).toMatch(/^Git-jump is a script/);
});

test('a listing cut between passages comes whole with its lead-in, from the passage that carries it on', () => {
  const prose = 'Archives are read from the first byte to the last one, and each block is checked against its sum before it is given to the caller of the reader. '.repeat(4);
  // A blank line inside the listing: the passage is cut there.
  const listing = ['// a short archive for the example', "const data = readFileSync('cut.arc');", '', ...Array.from({ length: 12 }, (_, i) => `log('step ${i + 1} of the example');`), 'archive.open(data, { partial: archive.modes.KEEP_GOING });', "log('done');"].join('\n');
  const base = baseOf([{ id: 'arc', title: 'Archives', url: '', text: `## Reading cut archives\n\n${prose}\n\nBy default, the reader throws an error on a truncated archive. To read only the beginning of a truncated archive without an error, change the mode used for the last block:\n\n\`\`\`\n${listing}\n\`\`\`\n\nThis does not change other errors.` }]);
  const answer = answerFrom(base, 'How can I read just the beginning of a truncated archive without the reader throwing an error?');
  expect(answer).toContain('change the mode used for the last block:');
  expect(answer).toContain('partial: archive.modes.KEEP_GOING');
});

test('"What does X mean for Y?" defines X as "What does X mean?" does', () => {
  expect(DEFINES.exec("What does 'deductible' mean for Home Cover?")?.[1]).toBe('deductible');
  const base = baseOf([{ id: 'cover', title: 'Home Cover', url: '', text: '## Tiers and deductibles\n\n| Tier | Monthly price | Deductible |\n|---|---|---|\n| Home Cover Basic | $9 | $250 |\n| Home Cover Plus | $15 | $100 |\n\nThe deductible is what you pay each time a claim is approved.' }]);
  expect(answerFrom(base, "What does 'deductible' mean for Home Cover?")).toContain("The deductible is what you pay");
});

test('"What does the --X option do?" is answered by the option\'s entry, not by a sentence that uses it', () => {
  const base = baseOf([{ id: 'spool', title: 'Spooler options', url: '', text: '# Spooler options\n\nFor large print jobs, use --spool-size=65536 together with --max-jobs=2.\n\n--spool-size=<bytes> [default: 4096]\n\nSets how much the spooler holds in memory before it writes to the printer.' }]);
  expect(answerFrom(base, 'What does the --spool-size option do?')).toMatch(/^--spool-size=<bytes> \[default: 4096\]: Sets how much/);
});

describe('questions the pages do not answer, though a unit speaks of their words', () => {
  test('a unit that says the page does not know is a "don\'t know", not an answer', () => {
    const base = baseOf([{ id: 'jump', title: 'jump-tool', url: '', text: '# Limitations\n\nThis script was written and tested with vim. Given that the format is the same as what gcc produces, I expect emacs users have a similar feature, but I know nothing about how to activate it in emacs.' }]);
    expect(answerFrom(base, 'How do I use jump-tool with emacs?')).toBeNull();
    // An aside in parentheses is not the page's verdict on what is asked.
    const socket = baseOf([{ id: 'log', title: 'Logging', url: '', text: '# Logging\n\nYou can omit the port of --log-socket (note: we have no idea if 12345 is a port of significance), in which case a default port of 1500 is used.' }]);
    expect(answerFrom(socket, 'Which port does --log-socket use if I leave the port out?')).toContain('1500');
    // Nor is a condition ("if it is not specified"): it says what happens then.
    const ext = baseOf([{ id: 'path', title: 'path', url: '', text: '# path.format()\n\nThe dot will be added to the extension if it is not specified in ext.' }]);
    expect(answerFrom(ext, 'Does path.format() add the dot to the extension?')).toContain('dot will be added');
  });

  test('"when will …?" is not answered by a version in which something was done', () => {
    const base = baseOf([{ id: 'url', title: 'url', url: '', text: '# url.parse()\n\n| Version | Changes |\n|---|---|\n| v20.0.0 | The ICU requirement of url.parse() is removed. |\n\nurl.parse() uses a lenient algorithm.' }]);
    expect(answerFrom(base, 'When will url.parse() be removed?')).toBeNull();
    const planned = baseOf([{ id: 'url', title: 'url', url: '', text: '# url.parse()\n\nurl.parse() will be removed in v26.0.0.' }]);
    expect(answerFrom(planned, 'When will url.parse() be removed?')).toContain('v26.0.0');
  });

  test('"who maintains X?" is not answered by the maintainer of another thing', () => {
    const base = baseOf([
      { id: 'jump', title: 'jump-tool', url: '', text: '# Contributing\n\nBug reports should be sent to the mailing list and cc\'d to the jump-tool maintainer, Jeff King <peff@example.org>.' },
      { id: 'hl', title: 'highlighter', url: '', text: '# highlighter\n\nThe highlighter script marks changed words in a diff.' },
    ]);
    expect(answerFrom(base, 'Who maintains highlighter?')).toBeNull();
    expect(answerFrom(base, 'Who maintains jump-tool?')).toContain('Jeff King');
  });

  test('whether two things go together is not answered by a unit about one of them', () => {
    const base = baseOf([
      { id: 'plans', title: 'Plans', url: '', text: '# Multi-line discount\n\nThe multi-line discount depends on how many lines are on your account.' },
      { id: 'billing', title: 'Billing', url: '', text: '# Autopay\n\nYou get an Autopay discount of $5 per line each month.' },
    ]);
    expect(answerFrom(base, 'Can I get the multi-line discount and the Autopay discount on the same line at the same time?')).toBeNull();
    const both = baseOf([{ id: 'billing', title: 'Billing', url: '', text: '# Discounts\n\nThe multi-line discount and the Autopay discount can be combined on the same line.' }]);
    expect(answerFrom(both, 'Can I get the multi-line discount and the Autopay discount on the same line at the same time?')).toContain('can be combined');
  });
});

describe('a paragraph that introduces a numbered list going on in the next passages', () => {
  // The shape of diff-highlight's "Bugs": an intro, "1." with its listings, the listings' end
  // in the next passage, "2." in the one after; only the intro's passage is found.
  const at = (n: number, text: string) => ({ id: `tool#${n}`, sourceId: 'tool', title: 'Tool', url: '', heading: 'Bugs', text });
  const intro = at(8, 'Because the tool relies on heuristics, there are some cases where the highlighting distracts. This section documents some cases known to be sub-optimal.\n\n1. Two changes on the same line get highlighted in a blob. For example, highlighting:\n\n----\n-foo(buf, size);\n----\n\nwhereas a better output would be:');
  const code = at(9, '----\n+foo(+{obj->}buf);\n----\n\nwhich is less readable than the current output.');
  const ask = (...following: ReturnType<typeof at>[]) => {
    const weights = new Map([['bug', 2.4], ['tool', 1.5], ['known', 1]]);
    return compose('What known bugs does the tool have?', [{ ...intro, score: 0.87 }], weights, 'en', [], new Map([['bug', ['bug', 'problem']]]), [], [], new Map([[intro.id, following]]))?.text ?? null;
  };
  test('the answer names every item by its first sentence, those of the next passages too', () => {
    const answer = ask(code, at(10, '2. The multi-line matching assumes that lines match by position. Here is a pathological case:\n\n----\n-one\n+two\n----'));
    expect(answer).toContain('sub-optimal.\n- Two changes on the same line get highlighted in a blob.\n- The multi-line matching assumes that lines match by position.');
    expect(answer).not.toContain('pathological');
  });
  test('a list that starts again at 1 in a later passage is another list: it does not join', () => {
    const answer = ask(code, at(10, '1. Install the package. Then restart.\n2. Run it.'));
    expect(answer).toContain('sub-optimal.');
    expect(answer).not.toContain('Install');
  });
  test('finds the numbers of a passage\'s numbered items, in order', () => {
    expect(itemNumbers('Intro.\n\n1. One\n   more\n2) Two\n\n10. Ten\n-1. not one')).toEqual([1, 2, 10]);
  });
});

describe('the probe (bench/eval/losses.ts)', () => {
  const base = baseOf([{ id: 'pro', title: 'Pro plan', url: '', text: '# Pro plan\n\nThe Pro plan suits teams of five or more people.' }]);
  const probed = (q: string, without: ReadonlySet<RuleName> = new Set()) => {
    const probe: ComposeProbe = { offered: [], read: [], trace: [], without };
    return { answer: answerFrom(base, q, probe), probe };
  };

  test('names the rule that set a unit aside, and leaving that rule out lets the unit answer', () => {
    // A price asked for: the sentence about the plan gives none (the "needs" rule).
    const { answer, probe } = probed('How much does the Pro plan cost?');
    expect(answer).toBeNull();
    expect(probe.offered).toEqual(['The Pro plan suits teams of five or more people.']);
    expect(probe.read).toEqual(['The Pro plan suits teams of five or more people.']);
    expect(probe.trace).toHaveLength(1);
    expect(probe.trace![0].units).toEqual([expect.objectContaining({ text: 'The Pro plan suits teams of five or more people.', setAside: 'needs' })]);
    expect(probe.trace![0].ranked).toEqual([]);
    expect(probe.trace![0].answer).toBeUndefined();
    const without = probed('How much does the Pro plan cost?', new Set(['needs']));
    expect(without.answer).toBe('The Pro plan suits teams of five or more people.');
    expect(without.probe.trace![0].answer).toBe('The Pro plan suits teams of five or more people.');
  });

  test('a unit no rule sets aside is ranked and answers; every rule has a name', () => {
    const { answer, probe } = probed('Who does the Pro plan suit?');
    expect(answer).toBe('The Pro plan suits teams of five or more people.');
    expect(probe.trace![0].units[0].setAside).toBeUndefined();
    expect(probe.trace![0].units[0].score).toBeGreaterThanOrEqual(MIN_SENTENCE);
    expect(probe.trace![0].ranked).toEqual(['The Pro plan suits teams of five or more people.']);
    expect(new Set(RULES).size).toBe(RULES.length);
  });

  test('says when a name the pages never mention stopped the answer, with what retrieval offered', () => {
    const q = 'Does the Pro plan include the WebSocket gateway?';
    const f = base.search(q);
    expect(f.unknownNames.length).toBeGreaterThan(0);
    const { answer, probe } = probed(q);
    expect(answer).toBeNull();
    expect(probe.unknownNames).toEqual(f.unknownNames);
    expect(probe.offered).toEqual(['The Pro plan suits teams of five or more people.']);
    expect(probe.trace).toEqual([]);
  });
});
