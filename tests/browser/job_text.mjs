// A job's text (core/midend/job_text.h, core/base/record.h) for the tests:
// a request written from a few fields, and a request's or a result's text
// read into an object of its entries (every value a string).
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// {kind: 'make', game: 'lastball', seed: 'x', text: '...', moves: [3, 0]} as
// a request's text; a string with a newline or any text field is written as
// a text (key:LENGTH), an array as a list of numbers.
export function jobRequest(fields) {
  const texts = new Set(['params', 'seed', 'text', 'rules']);
  let out = 'job-request 1\n';
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) out += `${key}${value.map((v) => ' ' + v).join('')}\n`;
    else if (texts.has(key)) out += `${key}:${encoder.encode(String(value)).length}\n${value}\n`;
    else out += `${key} ${value}\n`;
  }
  return out;
}

// A record's text read: {what: 'job-result 1', key: value, ...}.
export function readRecord(text) {
  const bytes = encoder.encode(text);
  const record = {};
  let at = 0;
  const line = () => {
    let end = at;
    while (end < bytes.length && bytes[end] !== 10) end++;
    const s = decoder.decode(bytes.subarray(at, end));
    at = end + 1;
    return s;
  };
  record.what = line();
  while (at < bytes.length) {
    const entry = line();
    const m = /^([a-z0-9_.-]+)(?::(\d+)| (.*)|)$/.exec(entry);
    if (!m) throw new Error(`not an entry: '${entry}'`);
    if (m[2] !== undefined) {
      const n = Number(m[2]);
      record[m[1]] = decoder.decode(bytes.subarray(at, at + n));
      at += n + 1;
    } else {
      record[m[1]] = m[3] ?? '';
    }
  }
  return record;
}
