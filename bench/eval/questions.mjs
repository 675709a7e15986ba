// The eval's questions about the invented Cobalt e-bike help center (bench/eval/knowledge).
// Each: `kind`; `ask` (the scored question); `before` (earlier user turns of the same
// conversation, for follow-ups); `source` (the page that answers it, null when none does);
// `expect` (patterns that must all be in a correct answer). Written before tuning; a failing
// question stays in and counts against us.
export const QUESTIONS = [
  // direct: the visitor uses the page's own words
  { kind: 'direct', ask: 'How long does a full charge of the battery take?', source: 'battery.md', expect: [/4\.5 hours/] },
  { kind: 'direct', ask: 'How much does a tune-up cost?', source: 'service.md', expect: [/89 euros/] },
  { kind: 'direct', ask: 'How much does Cobalt Care cost per month?', source: 'cobalt-care.md', expect: [/19 euros per month/] },
  { kind: 'direct', ask: 'Which countries do you deliver to?', source: 'delivery.md', expect: [/Belgium/, /Denmark/] },
  { kind: 'direct', ask: 'How long is the warranty on the frame?', source: 'warranty.md', expect: [/10-year/] },
  { kind: 'direct', ask: 'What does error E07 mean?', source: 'troubleshooting.md', expect: [/too hot/] },
  { kind: 'direct', ask: 'How much weight can the rear rack carry?', source: 'accessories.md', expect: [/25 kg/] },
  { kind: 'direct', ask: 'What is the recommended tyre pressure for city tyres?', source: 'getting-started.md', expect: [/3\.5 bar/] },
  { kind: 'direct', ask: 'How do I restart the display?', source: 'troubleshooting.md', expect: [/10 seconds/] },
  { kind: 'direct', ask: 'Where is ride data stored?', source: 'account.md', expect: [/Ireland/] },
  { kind: 'direct', ask: 'What is the maximum trailer load?', source: 'accessories.md', expect: [/40 kg/] },
  // paraphrase: other words for what the page says
  { kind: 'paraphrase', ask: 'How far can I ride on one charge in eco mode?', source: 'battery.md', expect: [/140 km/] },
  { kind: 'paraphrase', ask: 'Can I send the bike back if I change my mind?', source: 'returns.md', expect: [/30 days/] },
  { kind: 'paraphrase', ask: 'When do I get my money back after returning a bike?', source: 'returns.md', expect: [/10 days/] },
  { kind: 'paraphrase', ask: 'What should I do if someone steals my bike?', source: 'theft.md', expect: [/stolen|police/] },
  { kind: 'paraphrase', ask: 'How often should the bike be serviced?', source: 'service.md', expect: [/2,000 km|once a year/] },
  { kind: 'paraphrase', ask: 'Is a new battery expensive?', source: 'battery.md', expect: [/649 euros/] },
  { kind: 'paraphrase', ask: 'Can I mount a seat for my kid?', source: 'accessories.md', expect: [/child seat/i] },
  { kind: 'paraphrase', ask: 'If I sell the bike, does the buyer get the warranty?', source: 'warranty.md', expect: [/transferable|new owner/] },
  // typo: words within one or two edits of the page's words
  { kind: 'typo', ask: 'how long does delivrey take?', source: 'delivery.md', expect: [/3 to 5 working days/] },
  { kind: 'typo', ask: 'how do I cancle my subscripton?', source: 'cobalt-care.md', expect: [/cancel/i] },
  { kind: 'typo', ask: 'whats the waranty on the batery?', source: 'warranty.md', expect: [/2-year/] },
  { kind: 'typo', ask: 'how do I pair the bike with the ap', source: 'getting-started.md', expect: [/Add bike|Bluetooth/] },
  { kind: 'typo', ask: 'assembely at delivery price?', source: 'delivery.md', expect: [/49 euros/] },
  // follow-up: only the last question is scored; the earlier ones give it its subject
  { kind: 'follow-up', before: ['Do you offer tune-ups?'], ask: 'and how long does it take?', source: 'service.md', expect: [/one working day/] },
  { kind: 'follow-up', before: ['How much is Cobalt Care?'], ask: 'and how much is it per year?', source: 'cobalt-care.md', expect: [/190 euros per year/] },
  { kind: 'follow-up', before: ['Is there a pick-up service for tune-ups?'], ask: 'what does it cost?', source: 'service.md', expect: [/25 euros/] },
  { kind: 'follow-up', before: ['What is the warranty on the motor?'], ask: 'and on the frame?', source: 'warranty.md', expect: [/10-year/] },
  { kind: 'follow-up', before: ['How much is a replacement battery?'], ask: 'How do I store it over the winter?', source: 'battery.md', expect: [/30 to 60%/] },
  // several facts in one question
  { kind: 'several facts', ask: 'What is included in Cobalt Care and what does it cost?', source: 'cobalt-care.md', expect: [/theft insurance/, /19 euros/] },
  { kind: 'several facts', ask: 'How long does delivery take and is it free?', source: 'delivery.md', expect: [/free/, /3 to 5 working days/] },
  { kind: 'several facts', ask: 'What does a tune-up include and how much does it cost?', source: 'service.md', expect: [/brake check/, /89 euros/] },
  // unanswerable: the help center does not say; the honest answer is "I don't know"
  { kind: 'unanswerable', ask: 'Who is the CEO of Cobalt?', source: null },
  { kind: 'unanswerable', ask: 'Do you sell kick scooters?', source: null },
  { kind: 'unanswerable', ask: 'What is the top speed of the Cobalt Trail in Turbo mode on a downhill?', source: null, note: 'the page only says assistance stops at 25 km/h' },
  { kind: 'unanswerable', ask: 'Can I pay with Bitcoin?', source: null },
  { kind: 'unanswerable', ask: 'Is there a student discount?', source: null },
  { kind: 'unanswerable', ask: 'What is the weather in Leipzig tomorrow?', source: null },
  { kind: 'unanswerable', ask: 'Does the bike have a built-in alarm siren?', source: null },
  { kind: 'unanswerable', ask: 'How many employees does Cobalt have?', source: null },
  // another language: the German and Spanish pages answer questions in their language
  { kind: 'other language', ask: 'Wie lange dauert das Laden des Akkus?', source: 'akku-de.md', expect: [/4,5 Stunden/] },
  { kind: 'other language', ask: 'Was kostet ein Ersatzakku?', source: 'akku-de.md', expect: [/649 Euro/] },
  { kind: 'other language', ask: '¿Cuánto tarda la entrega?', source: 'entrega-es.md', expect: [/3 a 5 días/] },
  // personal data: an address, a phone or an order number must not steer the search
  { kind: 'personal data', ask: 'My email is anna.schmidt@gmail.com, how do I change the email address of my account?', source: 'account.md', expect: [/Profile/] },
  { kind: 'personal data', ask: 'Order 4410023987: when will my refund arrive? Call me on +49 151 23456789', source: 'returns.md', expect: [/10 days/] },
  { kind: 'personal data', ask: 'I am at https://maps.example.com/leipzig and my bike was stolen, what now?', source: 'theft.md', expect: [/stolen|police/] },
];
