/**
 * The kind of fact a question asks for, and whether a text carries it (issue 20: near misses).
 * "How often…?" wants a frequency, "how much does it cost…?" an amount with its currency,
 * "when was…?" a point in time, "which countries…?" names of that class: a unit without such a
 * fact answers a neighbouring question ("use the charger in the box" for "what voltage is the
 * charger?") and the engine says it does not know instead. Read by compose() (extractive.ts).
 */
/**
 * Questions that ask for a quantity (a price, a duration, a size, a count, a version): an
 * answer without a number in it is a neighbour of the answer, not the answer ("use the
 * charger in the box" for "what voltage is the charger?").
 */
const ASKS_QUANTITY = /\b(how (much|many|long|often|far|big|large|old|fast|soon|high|heavy)|what (is|are|'s) the (price|cost|fee|size|limit|maximum|minimum|voltage|wattage|capacity|weight|version|port|timeout)|(price|cost|fee|charge|voltage|wattage|capacity|percentage)\b)/i;
/** The adjective of a quantity question ("how big", "how long"): the kind of answer, not a word it must contain. */
export const HOW_ADJECTIVE = /\bhow (big|large|small|long|old|fast|far|heavy|high|often|soon|wide|tall|late|early)\b/gi;
/** "How can I see how many times…" asks for a way, not a number: the quantity is inside what is wanted. */
const ASKS_WAY = /\b(?:how (?:can|do|does|should|would|could)|where (?:can|do|does)|what (?:command|option|flag|setting)s?)\b[^?]*\bhow (?:much|many|long|often)\b/i;
const HAS_NUMBER = /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|hundred|thousand|free|unlimited|no charge|half|once|twice|daily|weekly|monthly|yearly|annually)\b/i;

/** A month's name as a date writes it, capitalized: "may", "march" and "sep" are mostly other words. */
const CAPITAL_MONTHS = /\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b/;
const matcher = (re: RegExp) => (text: string) => re.test(text);
/**
 * Numbers that name a thing rather than measure it: versions ("v0.11.3", "Added in: v20.1"),
 * addresses ("8.8.8.8"), names with digits ("X11", "IPv6", "utf8", "base64"), references ("#1168").
 */
const NAMING_NUMBERS = /#\d+\b|\bv?\d+(?:\.\d+){2,}\b|\bv\d+(?:\.\d+)?\b|\b(?:added|changed|deprecated|removed) in:?\s*|\b\p{L}+\d[\p{L}\d]*\b/giu;
/** A version number ("v20.0.0", "3.4", "version 5"). */
const VERSION_GIVEN = /\bv?\d+\.\d+|\bversion \d|\bv\d+\b/i;
/** A text that speaks of what is to come ("will be removed in", "a future version", "planned for"). */
const WILL_BE = /\b(?:will|shall|future|planned|scheduled|upcoming|expected|going to|intend(?:s|ed)? to|plans? to|next|eventually)\b/i;
/** A text that compares two things: "than", "compared with", a comparative or "same as". */
const COMPARES = /\b(?:than|compared (?:to|with)|in comparison|versus|vs\.?|(?:the )?same as|as (?:\p{L}+) as|(?:faster|slower|quicker|safer|cheaper|dearer|better|worse|bigger|larger|smaller|higher|lower|longer|shorter)\b)/iu;
/** Words that state a bound. */
const UPPER_BOUND = /\b(maximum|max|up to|at most|no more than|not more than|limit(ed|s)?|cap(ped)?|or fewer|or less|largest|highest|exceed(s|ing)?|more than|above|over|bigger|larger|longer)\b|≤|<=|</i;
const LOWER_BOUND = /\b(minimum|min|at least|no less than|not less than|or more|smallest|lowest|below|under|less than|fewer than|shorter|smaller)\b|≥|>=|>/i;
/** A bound stated with its figure: "up to 5", "at most 10", "a maximum of 3", "limited to 100"; or a threshold something happens at: "when the charges reach $50". */
const STATED_BOUND = /\b(?:up to|at most|no more than|not more than|a maximum of|maximum of|max(?:imum)?\s*[:=]?|limit(?:ed)? (?:is|of|to|at)|capped at|reach(?:es)?|hits?|exceeds?|at least|a minimum of|minimum of|min(?:imum)?\s*[:=]?)\s*(?:of\s+)?[\d$€£]/i;
/** Standards and other numbered names ("RFC 5952", "ISO 8601", "PEP 8"); currency codes are amounts. */
const NUMBERED_NAMES = /\b(?!(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|INR|CNY)\b)[A-Z]{2,5}[ -]\d+\b/gu;
/** A quantity, once version numbers, addresses and numbered names are set aside. */
const hasQuantity = (text: string) => HAS_NUMBER.test(text.replace(SECTION_NUMBER, ' ').replace(NAMING_NUMBERS, ' ').replace(NUMBERED_NAMES, ' '));
/** The number of a numbered rule, section or FAQ entry that starts a unit ("3.6 When you leave…", "5.3. Memcheck's errors…"): a name, not a quantity. */
export const SECTION_NUMBER = /^\s*\d+(?:\.\d+)+\.?\s/;
/** Numbered entries anywhere in a unit, as a table of contents runs them on ("Background 1.1. How do you…? 1.2. Where…"). */
const ENTRY_NUMBERS = /(?:^|\s)\d+(?:\.\d+)+\.?(?=\s+["'“]?\p{Lu})/gu;
/** Whole-word, case-insensitive: does the text name one of these? */
const names = (list: string[]) => matcher(new RegExp(`(?<![\\p{L}\\p{N}])(${list.join('|')})(?![\\p{L}\\p{N}])`, 'iu'));
// Small gazetteers of the classes visitors ask "which …?" about; general, not any site's.
const FORMATS = ['pdf', 'html?', 'markdown', 'md', 'csv', 'json', 'xml', 'docx?', 'txt', 'plain text', 'zip', 'png', 'jpe?g', 'gif', 'svg', 'webp', 'mp3', 'mp4', 'epub', 'odt', 'xlsx?', 'pptx?', 'rtf', 'enex', 'ya?ml', 'tar', 'gz(ip)?', 'ics', 'vcf'];
const COUNTRIES = ['germany', 'austria', 'switzerland', 'france', 'belgium', 'netherlands', 'luxembourg', 'denmark', 'sweden', 'norway', 'finland', 'iceland', 'ireland', 'united kingdom', 'uk', 'great britain', 'spain', 'portugal', 'italy', 'greece', 'poland', 'czech( republic|ia)?', 'slovakia', 'hungary', 'romania', 'bulgaria', 'croatia', 'slovenia', 'estonia', 'latvia', 'lithuania', 'malta', 'cyprus', 'united states', 'usa', 'us', 'canada', 'mexico', 'brazil', 'argentina', 'chile', 'colombia', 'peru', 'japan', 'china', 'india', 'south korea', 'korea', 'australia', 'new zealand', 'singapore', 'south africa', 'turkey', 'israel', 'egypt', 'morocco', 'saudi arabia', 'united arab emirates', 'uae', 'eu', 'european union'];
const LANGUAGES = ['english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'dutch', 'danish', 'swedish', 'norwegian', 'finnish', 'polish', 'czech', 'greek', 'turkish', 'russian', 'ukrainian', 'arabic', 'hebrew', 'hindi', 'chinese', 'mandarin', 'japanese', 'korean'];
const PAYMENTS = ['credit cards?', 'debit cards?', 'cards?', 'paypal', 'bank transfers?', 'direct debit', 'sepa', 'apple pay', 'google pay', 'invoices?', 'cash', 'cheques?', 'checks?', 'visa', 'mastercard', 'american express', 'amex', 'klarna', 'bitcoin', 'gift cards?', 'autopay'];
const PLATFORMS = ['windows', 'macos', 'mac', 'os x', 'linux', 'ios', 'ipados', 'android', 'chrome ?os', 'chromebook', 'web', 'browser', 'chrome', 'firefox', 'safari', 'edge', 'freebsd', 'solaris', 'posix', 'unix'];
/** Web browsers by name. */
const BROWSERS = ['chrome', 'chromium', 'firefox', 'safari', 'edge', 'opera', 'brave', 'vivaldi', 'internet explorer', 'ie ?\\d+', 'samsung internet'];
/** A platform's name as the visitor writes it ("Linux", "macOS"). */
export const isPlatform = matcher(new RegExp(`^(?:${PLATFORMS.join('|')})$`, 'i'));
/** Unix-like systems by name: what a text about POSIX or Unix speaks of too. */
export const UNIX_LIKE = /^(?:linux|macos|mac|os x|osx|darwin|freebsd|openbsd|netbsd|solaris)$/i;
/** A text about POSIX or Unix systems ("On POSIX, it uses the $HOME environment variable"). */
export const POSIX = /\b(?:posix|unix(?:-like)?)\b/i;
/** A text about every platform, or every one but those it names ("on all other platforms"). */
export const EVERY_PLATFORM = /\b(?:on |for )?(?:all|every|any) (?:other )?(?:platforms?|operating systems?)\b/i;
/** Units of a measure: how a question names them, and how a figure in any unit of the same measure is written. */
const TIME_UNITS = 'ms|milliseconds?|µs|microseconds?|ns|nanoseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|business days|working days|weeks?|months?|years?|yrs?';
/** A span of time with its unit: "5 business days", "two weeks". */
const SPAN_OF_TIME = new RegExp(`\\d[\\d,.]*\\s*(?:${TIME_UNITS})\\b|\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|a few|several)\\s+(?:${TIME_UNITS})\\b`, 'i');
/** How soon something happens: a span of time after "within", "in", "takes"… ("within 1 hour", "in 2 to 4 business days"). */
const SOON = new RegExp(`\\b(?:within|in|after|under|takes?|less than)\\s+(?:about\\s+|around\\s+|up to\\s+)?(?:\\d[\\d,.]*(?:\\s*(?:to|-|–)\\s*\\d[\\d,.]*)?\\s*(?:${TIME_UNITS})\\b|(?:one|two|three|four|five|six|seven|eight|nine|ten|a few|several|an?)\\s+(?:${TIME_UNITS})\\b)`, 'i');
/**
 * "How many desks…?": the thing counted, and a text that counts it: a figure before its name
 * ("40 desks", "up to 5 devices", "no lockers"), or its name before a figure ("Seats: 8",
 * "guest passes per month: 2"). "Three locations" or "unlimited days" count something else.
 */
const COUNT_WORD = '\\d[\\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred|dozens?|unlimited|no|several|many|a few';
const countsThing = (text: string, question: string) => {
  const thing = /\bhow many\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+?)(?:es|s)?\s+(?:are|is|do|does|did|can|could|will|would|should|may|have|has|were|was|in|on|at|per|for|of|to|there)\b/iu.exec(question)?.[1];
  if (!thing || thing.length < 3) return true;
  const t = thing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b(?:${COUNT_WORD})\\s+(?:[\\p{L}-]+\\s+){0,3}${t}|\\b${t}[\\p{L}]*\\b[^.:;\\n]{0,40}:\\s*(?:up to\\s+)?\\d`, 'iu').test(text);
};
/** A time of day ("8:00 am", "6 pm", "12:00 noon", "18:30"): when, not how many. */
const TIME_OF_DAY = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?![\p{L}])|\b\d{1,2}:\d{2}\b(?:\s?(?:noon|midnight))?/giu;
/** Two capitalised words mid-sentence ("Julian Seward"), neither of them the question's own ("the Callgrind Format" names no one for "who maintains Callgrind?"). */
const namesSomeone = (text: string, question: string) => {
  const own = new Set((question.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()));
  return [...text.matchAll(/(?<=\S\s+)(\p{Lu}\p{Ll}+)\s+(\p{Lu}\p{Ll}+)/gu)].some((m) => !own.has(m[1].toLowerCase()) && !own.has(m[2].toLowerCase()));
};
/** A capitalised word mid-sentence that is not the question's own ("insured by Helvetia"): a company is often named in one word. Not a unit's letters ("per MB"). */
const namesSomething = (text: string, question: string) => {
  const own = new Set((question.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()));
  return [...text.matchAll(/(?<=[\p{L}\p{N},]\s+)\p{Lu}\p{Ll}[\p{L}\p{N}-]*/gu)].some((m) => !own.has(m[0].toLowerCase()));
};
/** Classes of organisation a visitor asks "which … ?" of; the answer is one by name. */
const ORGANISATIONS = 'compan(?:y|ies)|provider|carrier|operator|partner|bank|firm|agency|vendor|supplier|courier|insurer|manufacturer|processor|organi[sz]ation|charity|contractor|landlord';
const UNIT_FAMILIES: [string, string][] = [
  ['ms|milliseconds|microseconds|nanoseconds|seconds|minutes|hours|days|business days|working days|weeks|months|years', TIME_UNITS],
  ['bytes|kilobytes|megabytes|gigabytes|terabytes|bits|kb|mb|gb|tb|kib|mib|gib', 'bytes?|bits?|kb|mb|gb|tb|kib|mib|gib|kilobytes?|megabytes?|gigabytes?|terabytes?'],
];
/**
 * An amount of money: a figure with its currency ("$15", "25 euros", "EUR 9.99"), or a price
 * column's figure ("Price: 30"), or free. A sentence with only other figures ("up to 30
 * people after 6:00 pm") does not say what something costs.
 */
const CURRENCY = '[$€£¥₹]|US\\$|(?:usd|eur|gbp|chf|jpy|cad|aud|sek|nok|dkk|pln)\\b|euros?\\b|dollars?\\b|pounds?\\b|cents?\\b|francs?\\b|kr\\b';
const AMOUNT = new RegExp(`(?:${CURRENCY})\\s?\\d|\\d[\\d,.]*\\s?(?:${CURRENCY})|\\b(?:price|cost|fee|amount|charge)s?\\s*[:=]\\s*\\d|\\b(?:free|no charge|no extra cost|at no cost|nothing|included at no)\\b`, 'i');
/** Figures written with a currency ("$289", "25 euros"): prices, not counts of anything. */
const AMOUNT_FIGURES = new RegExp(`(?:${CURRENCY})\\s?\\d[\\d,.]*|\\d[\\d,.]*\\s?(?:${CURRENCY})`, 'gi');
const hasAmount = (text: string) => AMOUNT.test(text) || /^(Free|Nothing)\b/.test(text);
/**
 * Questions that ask for a kind of fact, what an answer of that kind contains, and (for a
 * class of names) the question's own word for the class, which is not content to cover.
 */
export const ANSWER_TYPES: [{ test(question: string): boolean }, (text: string, question: string) => boolean, string?][] = [
  [{ test: (q) => ASKS_QUANTITY.test(q) && !ASKS_WAY.test(q) }, hasQuantity],
  // An amount of money is written in digits (or is free): "three plans: Free, Pro" names no price.
  [/\bhow much\b(?! (data|time|space|storage|memory|longer|faster|slower|more))|\b(price|cost|fee|charge)s?\b/i, matcher(/\d|\b(free|no charge|nothing|no extra cost)\b|^(Free|Nothing)\b/)],
  // Asked for an amount ("how much does it cost to hire…?", "what is the fee…?"), a figure with
  // its currency answers. Not "a full charge", "cost in speed", "put the prices up".
  [/\bhow much\b(?! (?:data|time|space|storage|memory|weight|longer|faster|slower|more|speed))[^?]*\b(?:cost|costs|charge|charged|pay|paid|price|fee)\b(?! in\b)|\bwhat(?:'s| is| are| does| do| will)\b[^?]*\b(?:price|cost|fee|charge)s?\b(?! in\b)|\bhow much (?:is|are) (?:the|a|an|it|my|your)\b/i, hasAmount],
  [/\b(what|which) (time of (the )?day|time)\b|\bat what time\b/i, matcher(/\d{1,2}(:\d{2}|\s?(am|pm|a\.m\.|p\.m\.))|\b(noon|midnight|o'clock)\b/i)],
  [/\b(which|what) (month|date|day of the (week|month))\b|\bon what (date|day)\b/i, (text) => CAPITAL_MONTHS.test(text) || /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\b\d{1,2}(st|nd|rd|th)\b/i.test(text)],
  // "What is the maximum number of servers…?": a number the text gives as a bound, not any number.
  [/\b(largest|highest|maximum|max)\b.*\b(value|number|size|amount|count|length)\b|\bhow many\b.*\bat most\b/i, (text) => hasQuantity(text) && UPPER_BOUND.test(text)],
  [/\b(smallest|lowest|minimum|min)\b.*\b(value|number|size|amount|count|length)\b|\bhow many\b.*\bat least\b/i, (text) => hasQuantity(text) && LOWER_BOUND.test(text)],
  [/\b(percent|percentage)\b/i, matcher(/%|\bper ?cent\b/i)],
  // "What statusCode does the response get?", "Which port…?": a number is the answer. Not the
  // verb: "what are the steps to port my number?" asks for a procedure. Nor a member of code
  // ("what does request.port give me…?" may be answered "null"), nor a port said long after
  // the question word ("what does it give when the header has no port in it?").
  [/\b(which|what)\b(?:[^?\s]*\s+){0,5}?[^?\s]*\b(status ?codes?|(?<!\b(?:to|I|we|you|can|do) |\.)port( number)?s?|http status)\b/i, matcher(/\d{2,}/)],
  // "What's its default value?": a value (a number, true/false, none), not a sentence about
  // defaults; or a statement of a default, which gives it whatever it is ("[default: no]",
  // "Default: querystring.escape()").
  [/\b(?:default|recommended|suggested) ([\w-]+ )?(value|setting)s?\b|\bwhat('s| is) (the |its |their )?default\s*\??$/i, (text) => hasQuantity(text) || /\b(true|false|null|none|undefined|off|on|enabled|disabled|empty|infinity|unlimited)\b|\[default:\s*[^\]\s]|\bdefault:\s*\S/i.test(text), 'value values setting settings'],
  // "Which formats…", "Which countries…": the answer names things of that class.
  [/\b(which|what)( file)? formats?\b|\bwhat (can|do) i export\b/i, names(FORMATS), 'format'],
  [/\b(which|what) countr(y|ies)\b/i, names(COUNTRIES), 'country'],
  [/\b(which|what) languages?\b/i, names(LANGUAGES), 'language'],
  [/\b(which|what) (payment methods?|methods? of payment|ways? (can i |to )?pay)\b|\bhow can i pay\b/i, names(PAYMENTS)],
  // "Is there a limit on …?": only a text that states one (or says there is none) answers.
  [/\bis there (?:a|an|any) (?:\w+ )?(?:limit|maximum|max|cap|minimum|ceiling)\b/i, (text) => STATED_BOUND.test(text) || /\b(unlimited|no limit|without (?:a |any )?limit|not limited)\b/i.test(text)],
  // "How long …?": a duration or a length with its unit, not any number.
  [{ test: (q) => /\bhow long\b/i.test(q) && !ASKS_WAY.test(q) }, matcher(/\d[\d,.]*\s*(?:-\s*)?(?:ms|milliseconds?|seconds?|secs?|s\b|minutes?|mins?|hours?|hrs?|h\b|days?|weeks?|months?|years?|yrs?|business days|working days|characters?|chars?|bytes?|kb|mb|gb|cm|mm|m\b|km|meters?|metres?|inches|feet|ft)\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|sixty|ninety|a|an|a few|several)\s+(?:\w+\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|\b(?:instantly|immediately|right away|at once|overnight|forever|indefinitely|until)\b|-\s*(?:year|month|day|week|hour|minute)\b/i)],
  // "How often…?": a frequency ("every 5 seconds", "twice a year", "daily"), not any number
  // ("the 1, 5 and 15 minute load averages" says nothing of how often they change). "Per" is
  // one only of a span of time: "25 euros per service" is a price.
  [{ test: (q) => /\bhow often\b/i.test(q) && !ASKS_WAY.test(q) }, matcher(new RegExp(`\\b(?:every|each|per\\s+(?:[\\d,.]+\\s+)?(?:${TIME_UNITS})\\b|once|twice|thrice|hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually|continuously|constantly|periodically|whenever)\\b|\\btimes? (?:a|an|per|each|in)\\b`, 'i'))],
  // "How many milliseconds / days / megabytes…?": a figure in a unit of that measure ("-1 to
  // use the default timeout" has a number, but not in milliseconds).
  // So does a question that names the unit of its answer at its end ("how accurate is it in milliseconds?").
  ...UNIT_FAMILIES.map(([asked, written]) => [new RegExp(`\\bhow many (?:${asked})\\b|\\bin (?:${asked})\\s*\\??\\s*$`, 'i'), matcher(new RegExp(`\\d[\\d,.]*\\s*(?:-\\s*)?(?:${written})(?![\\p{L}])|\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|a|an|a few|several)\\s+(?:${written})(?![\\p{L}])`, 'iu'))] as [RegExp, (text: string) => boolean]),
  // "When was 2.39.0 released?", "When did you open?": a point in time (a year, a date, a
  // month), not a sentence that uses the verb ("failed to release contents…"); a version
  // ("2.39.0") is not a date.
  // "In what year did he write it?" asks for a year just as "when did he…?" does. In an API's
  // history table a change happened in a version: its row ("Version: v11.7.0; Changes: This
  // class was renamed…") or "Added in: v0.5.8" says when.
  [/\bwhen (?:was|were|did)\b|\b(?:what|which) year\b/i, (text) => /\b(?:1[89]|20)\d{2}\b|\b\d{1,2}[-/]\d{1,2}[-/]\d{2,4}\b|\b(?:ago|yesterday|last (?:week|month|year))\b|\b(?:Version|Added in):\s*v\d+\.\d+/i.test(text) || CAPITAL_MONTHS.test(text)],
  // "When will url.parse() be removed?", "When is the next drill?": a point in time, a
  // version that is to come (a release history's "v20.0.0: ICU requirement is removed" says
  // what was done, not what will be), or how long until then ("within 5 business days", "the next business day").
  // ("When is the hook executed?" asks for the event, "when the client closes…": not this.)
  // A clause's own number ("6.3 Fire drills take place…") is not a version.
  [/\bwhen will\b|\bwhen(?:'s| is| are) (?:the|your|my) (?:next|coming|upcoming)\b/i, (text) => (VERSION_GIVEN.test(text.replace(SECTION_NUMBER, ' ').replace(ENTRY_NUMBERS, ' ')) && WILL_BE.test(text)) || /\b(?:1[89]|20)\d{2}\b|\b\d{1,2}[-/]\d{1,2}[-/]\d{2,4}\b|\b(?:next|following|same)\s+(?:\w+\s+)?(?:day|week|month|year|release|version|major|minor|billing)\b|\b(?:immediately|right away|at once|instantly|within|until|overnight|soon|future|later)\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|noon|midnight)\b|\d{1,2}(?::\d{2})?\s?(?:am|pm)\b/i.test(text.replace(SECTION_NUMBER, ' ').replace(ENTRY_NUMBERS, ' ')) || CAPITAL_MONTHS.test(text) || SOON.test(text) || new RegExp(`${SPAN_OF_TIME.source}\\s+(?:after|later|from|before)\\b`, 'i').test(text)],
  // "What is the tax rate?", "the exchange rate": a rate is a figure; a sentence that only says
  // which rate applies ("at the rate that applies where you live") does not give it. Not "rate
  // limit(ing)", which asks how a limit works.
  [/\bwhat(?:'s|’s| is| are)\s+(?:the\s+|your\s+|its\s+)?(?:[\w-]+\s+){0,3}rates?\b(?!\s*limit)/i, hasQuantity],
  // "What are the opening hours?", "when is the store open?": the hours of a day or its days,
  // not a duration ("within 4 hours").
  // So does "what hours is the help line staffed?": which hours of the day, not how many.
  [/\b(?:opening|business|office|store|shop)\s+hours\b|\bwhen (?:is|are) [^?]*\bopen\b|\b(?:what|which) hours\b/i, (text) => /\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|\b24\/7\b|\b(?:noon|midnight|around the clock|24 hours a day)\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?)\b/i.test(text)],
  // "How many stores / desks / maintainers…?": a count, not a price ("$5 in a store", "free"), a
  // percentage ("right 99% of the time") or a version ("since version 2"). Units are a
  // measure, not a count (the unit families below); "how many times" may be a frequency.
  // A clause's own number ("4.5 Children under 16 may not enter…") counts nothing, nor does a
  // time of day ("bring guests during staffed hours only: 8:00 am to 6:00 pm").
  [/\bhow many\b(?!\s+(?:times|of|more|fewer|less)\b)/i, (text, question) => {
    const counted = text.replace(TIME_OF_DAY, ' ');
    return hasQuantity(counted.replace(AMOUNT_FIGURES, ' ').replace(/\d[\d,.]*\s?%|\d[\d,.]*\s?per ?cent\b|\bversions?\s+\d[\d.]*|\b(?:free|no charge)\b/gi, ' ')) && countsThing(counted.replace(SECTION_NUMBER, ' '), question);
  }],
  // "How much more memory does it use?": a figure beside the measure asked for ("about 2 times
  // more memory", "memory grows by 100 MB"), not one that measures something else in the same
  // sentence ("runs 20 to 30 times slower, and uses a lot more memory").
  [/\bhow much (?:more|less|extra)\s+\p{L}{3,}/iu, (text, question) => {
    const measure = /\bhow much (?:more|less|extra)\s+(\p{L}{3,})/iu.exec(question)![1];
    return new RegExp(`\\d[\\d,.]*\\S*\\s+(?:\\S+\\s+){0,3}?${measure}|${measure}\\S*\\s+(?:\\S+\\s+){0,3}?\\S*\\d`, 'iu').test(text);
  }],
  // "How fast is the Wi-Fi?", "how quickly do you reply?": a speed, a rate of work, a factor or
  // how soon ("within 1 hour"), not any figure ("the last four digits of your card", "kept for
  // 90 days").
  [{ test: (q) => /\bhow (?:fast|quick(?:ly)?)\b/i.test(q) && !ASKS_WAY.test(q) }, (text) => SOON.test(text) || /\d[\d,.]*\s*(?:[kmgt]?bps|[kmgt]i?b\/s|[kmgt]?bit\/s|km\/h|kph|mph|knots?|rpm|fps|[kmg]?hz|x\b|times\b|%|per cent\b|(?:\w+\s+)?(?:per|a|an|each)\s+(?:second|minute|hour|day|sec|min)\b)|\b(?:immediately|instantly|at once|straight away|right away|same day|next (?:business |working )?day|within)\b|\b(?:faster|slower|quicker)\b/i.test(text)],
  // "What's the URL of…?", "Which website…?": an address on the web answers, not a sentence about URLs.
  [/\b(?:what(?:'s|’s| is| are)|which|where(?:'s|’s| is| can i find))\s+(?:the\s+|your\s+|its\s+)?(?:url|urls|web ?site|homepage|home page|web address|link)\b/i, matcher(/https?:\/\/|\bwww\.|\b[\w-]+\.(?:com|org|net|io|dev|app|info|edu|gov|de|uk|fr|es|eu)\b(?:\/\S*)?/i), 'url website homepage link'],
  // "What is the e-mail address…?": an e-mail address answers.
  [/\b(?:what(?:'s|’s| is)|which)\s+(?:the\s+|your\s+|its\s+)?(?:e-?mail|email)(?:\s+address)?\b|\b(?:e-?mail|email) address (?:do|should|can) (?:i|we) (?:use|write|send)\b/i, matcher(/[\w.+-]+@[\w-]+\.[\w.]+/), 'address'],
  // "Who maintains Callgrind?", "Who is the landlord…?", "Who (originally) wrote git-contacts?":
  // a person or an organisation by name. The verb may be in the past (who made or wrote it).
  [/^(?:(?:and|so|ok|okay),?\s+)?who(?:(?:'s|’s| is| are| was| were)\s+(?:the|your|their|its)\b|\s+(?:[a-z]+ly\s+)?(?!does\b|is\b|was\b|has\b|needs\b|pays\b|gets\b|needed\b)(?:[a-z]+(?:s|ed)|wrote|made|built|began|led|ran)\b)/i, (text, question) => /[\w.+-]+@[\w-]+\.[\w.]+|\b(?:Inc|Ltd|LLC|GmbH|AG|SA|plc|Foundation|Project|Team|Group|Corporation|Corp|Company)\b/.test(text) || namesSomeone(text, question)],
  // "Which of your locations is the biggest?", "Which plan is the cheapest?": one thing ranked
  // above the others; only a text that ranks or compares ("the largest", "more than") says
  // which. A row of one location's hours does not.
  [/^(?:(?:and|so|ok|okay),?\s+)?(?:which|what)\b[^?]*\b(?:is|are|was|were)\s+(?:the\s+)?(?:biggest|largest|smallest|cheapest|fastest|slowest|quietest|busiest|newest|oldest|best|worst|most|least|nearest|closest)\b/i, matcher(/\b(?:\w+est|best|worst|most|least|more|less|fewer|than)\b/i)],
  // "Is Fastify faster on N|Solid than on Node.js?": a yes/no comparison is answered only by a
  // text that compares ("faster", "more than", "2x"), not by one that names both things.
  [/^(?:(?:and|so|ok|okay),?\s+)?(?:is|are|was|were|does|do|will|would|can)\b[^?]*\b(?:\w{3,}er|more|less|fewer|better|worse)\b[^?]*\bthan\b/i, matcher(/\b(?:than|more|less|fewer|better|worse|faster|slower|quicker|cheaper|dearer|bigger|smaller|larger|higher|lower|longer|shorter|\d+(?:\.\d+)?\s*(?:x|times|%))\b|%/i)],
  // "Which satellite company carries my calls?": a company by its name, not "a satellite network".
  // Not a class word that names another thing ("which type provider packages does Fastify
  // offer?" asks for packages): a plural noun before the verb is what is asked for.
  [new RegExp(`^(?:(?:and|so|ok|okay),?\\s+)?(?:which|what)\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:${ORGANISATIONS})\\b(?!\\s+[\\p{L}-]+s\\s+(?:do|does|did|are|were|can|could|will|would|should|have|must)\\b)`, 'iu'), (text, question) => /\b(?:Inc|Ltd|LLC|GmbH|AG|SA|plc|Corp)\b/.test(text) || namesSomething(text, question)],
  [/\b(which|what) (platforms?|operating systems?|systems?)\b/i, names(PLATFORMS), 'platform system'],
  // "Which web browsers support it?": a browser by its name; "a Web Platform API" names none.
  [/\b(?:which|what)\s+(?:web\s+)?browsers?\b/i, names(BROWSERS), 'browser'],
  // "Is Memcheck faster than AddressSanitizer?", "is simple safer than matching?": only a text
  // that compares says; one that describes either side (or both, apart) does not.
  [/\b(?!(?:other|rather|later|earlier|sooner)\b)(?:\p{L}{3,}er|more \p{L}+|less \p{L}+|better|worse)\s+than\b/iu, matcher(COMPARES)],
  // "What time does the event space close?": a time of that end of the day ("until 10 pm",
  // "closes at"), not another time on the same page ("events after 6:00 pm" start then).
  [/\b(?:what|which) time (?:does|do|is|are|will)\b[^?]*\b(?:close|closes|closing|shut|shuts|end|ends|finish|finishes)\b/i, matcher(/\b(?:clos(?:e|es|ed|ing)|shut(?:s|ting)?|until|till|end(?:s|ing)?|finish(?:es|ing)?|by)\b|\d\s*(?:am|pm)?\s*(?:to|-|–)\s*\d/i)],
  [/\b(?:what|which) time (?:does|do|is|are|will)\b[^?]*\b(?:open|opens|opening|start|starts|begin|begins)\b/i, matcher(/\b(?:open(?:s|ed|ing)?|start(?:s|ing)?|begin(?:s|ning)?|from)\b|\d\s*(?:am|pm)?\s*(?:to|-|–)\s*\d/i)],
  // "Which Perl version…?", "the minimum TypeScript version", "which version of Coccinelle do
  // I need?": a version number answers (not "version control").
  // A numbered entry's own number ("3.4. I tried running a Java program…", a table of
  // contents' "1.1. How do you…") is not a version.
  // So does "which Git release first included it?", "in which release was it added?": a release
  // asked which of is named by its number, not "release notes" or "the release process".
  [/\b(which|what|minimum|oldest|latest|newest)\b[^?]*(?<!-)\bversions?\b(?! control|-)|\b(?:which|what)\s+(?:[\p{L}.-]+\s+)?releases?\b(?!\s+(?:notes?|process|cycle|schedule|branch|manager|team|candidate)\b)/iu, (text) => /\bv?\d+\.\d+(\.\d+)?\b|\bv\d+\b|\bversion \d/i.test(text.replace(ENTRY_NUMBERS, ' '))],
];
/**
 * "Which git repack option sends…?", "which compiler flags…?": an option asked for by what it
 * does. Not "what does the X option do?", which names the option itself.
 */
export const ASKS_OPTION = /\b(?:which|what)\s+(?!(?:does|do|did|is|are|was|were|the|an?)\b)(?:[\w.-]+\s+){0,3}?(?:options?|flags?|switch(?:es)?)\b(?!\s+(?:do|does|mean|means)\b)/i;
/**
 * A name of code, what such a question is answered by: an option ("--expire-to", "-P"), a
 * camelCase or snake_case name, a dotted member ("core.editor", "dns.ADDRCONFIG"), an
 * assignment ("--tool=memcheck"), code in backticks. "git repack learns to send cruft objects
 * out of the way" names none.
 */
export const NAMES_CODE = /(?<![\p{L}\p{N}_-])-{1,2}\p{L}[\p{L}\p{N}_-]*|\b\p{Ll}+\p{Lu}[\p{L}\p{N}]*|\b\p{L}+_[\p{L}\p{N}_]+|\b[\p{L}_]\w*\.[\p{L}_]\w*|\b\w+=|`[^`]+`/u;
/** A question that opens by asking why ("Why is…", "How come…"), not one that asks whether a why can be told ("Can Memcheck tell me why…?"). */
export const ASKS_WHY = /^(?:(?:and|so|but|ok|okay),?\s+)?(?:why|how come)\b/i;
/** Words that give a cause, a purpose or a consequence: what an answer to "why…?" is made of. */
export const GIVES_REASON = /\b(?:because|since|as a result|due to|owing to|thanks to|reasons?|so that|in order to|so as to|that way|(?:this|that)(?:'s| is) why|this (?:means|way)|which (?:means|is why)|therefore|thus|hence|otherwise|caus(?:e|es|ed|ing)|results? in|leads? to|to (?:avoid|prevent|ensure|keep|allow|protect|reduce|improve|save|support|stop|make sure|comply))\b/i;
/**
 * A text that says its page does not know or cover the matter: "I know nothing about how to
 * activate it", "this is not yet documented", "the date is not yet known". Given as an answer,
 * it is the page's own "don't know". Not a condition ("if it is not specified in ext"), which
 * says what happens then: "yet" or "been" says the page's own state of knowledge.
 */
export const SAYS_UNKNOWN = /\b(?:I|we)\s+(?:know nothing|do not know|don't know|don’t know|have no idea|am not sure|'m not sure|are not sure)\b|\b(?:is|are|remains?)\s+(?:(?:currently|still)\s+)?(?:not\s+yet\s+(?:known|documented|decided|announced)|undocumented|yet to be (?:decided|announced|documented))\b|\b(?:has|have)\s+not\s+(?:yet\s+)?been\s+(?:decided|announced|documented)\b|\bbeyond the scope of this\b/i;
/** A question about what is known or documented, which such a text may answer ("is the wire format documented?"). */
export const ASKS_KNOWN = /\b(?:know|known|unknown|documented|undocumented|documentation|decided|announced|sure|scope)\b/i;
