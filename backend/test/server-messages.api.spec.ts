import * as validators from 'class-validator';
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { hasAmharic, localizeMessage } from '../src/common/i18n/server-messages';
import { collectSourceMessages, PARAM } from './message-sources';
import { bearer, createRoleUsers, createTestApp, createWarehouse, STRONG_PASSWORD, type TestApp, type TestUser } from './test-app';

const BACKEND = join(__dirname, '..');
const SOURCES = [join(BACKEND, 'src'), join(BACKEND, '../packages/common/src')];

/**
 * Messages handed on from elsewhere, each with where its texts are checked: `file|expression`.
 * A new site that throws a message which is not written in the source fails the test until it is
 * written out or listed here with a reason.
 */
const PASS_THROUGH: Record<string, string> = {
  "src/common/http/multipart.ts|UPLOAD_ERRORS[code ?? ''] ?? UPLOAD_ERRORS[message ?? ''] ?? 'Malformed upload'": 'the multipart errors written in UPLOAD_ERRORS (general.am.ts)',
  'src/common/http/multipart.ts|options.wrongField': "each upload route's own message, written where it calls FileUpload",
  "src/common/http/body-parsing.ts|err.message.replace(/^unsupported/, 'Unsupported')": "body-parser's charset message (general.am.ts)",
  'src/common/http/body-parsing.ts|err.message': "body-parser's own messages (general.am.ts)",
  'src/common/http/body-parsing.ts|unsafe.message': 'safe-input.ts, collected there',
  'src/common/http/validation.ts|unsafe.message': 'safe-input.ts, collected there',
  "src/common/http/validation.ts|e.message.replace(/^property (\\S+) should not exist$/, 'Unknown field \"$1\"')": 'class-validator: the decorators, collected and probed below',
  'src/common/auth/auth.guard.ts|reason': "a 401's own message (jwt.strategy.ts), collected there",
  'src/imports/import-commit.service.ts|r.message': "the kinds' stale checks (SQL text in src/imports/kinds), in imports.am.ts",
  'src/users/retry-later.ts|message': 'the messages of its subclasses and callers, collected there',
  'src/imports/kinds/import-kind.ts|`${this.cells.column(field)} ${e instanceof Error ? e.message : String(e)}`': "a cell's CellError after its column's header: the CellError messages, collected there",
  'src/inventory/blind-count.ts|message': 'LevelConflictException: the messages its callers pass (new LevelConflictException(…)), collected there',
};

/** Configuration messages stop the start, no request ever reads them; the catalogue itself holds the Amharic texts. */
const NOT_ANSWERED = /^src\/(config|common\/i18n)\//;
/** Codes (PostgreSQL, errno) held beside the messages in the same constants. */
const CODE = /^[A-Z0-9_]+$/;

/** One invalid value per class-validator decorator the DTOs use, with its arguments. */
const PROBES: Record<string, { args: unknown[]; value: unknown }> = {
  IsString: { args: [], value: 1 },
  IsNotEmpty: { args: [], value: '' },
  IsDefined: { args: [], value: null },
  IsEmail: { args: [], value: 'x' },
  IsUUID: { args: ['all'], value: 'x' },
  IsIn: { args: [['a', 'b']], value: 'c' },
  IsInt: { args: [], value: 1.5 },
  IsNumber: { args: [], value: 'x' },
  IsPositive: { args: [], value: -1 },
  IsBoolean: { args: [], value: 'x' },
  IsArray: { args: [], value: 'x' },
  IsObject: { args: [], value: 'x' },
  IsISO8601: { args: [], value: 'x' },
  IsDateString: { args: [], value: 'x' },
  IsEnum: { args: [{ A: 'a' }], value: 'x' },
  Min: { args: [1], value: 0 },
  Max: { args: [1], value: 2 },
  MinLength: { args: [2], value: 'x' },
  MaxLength: { args: [1], value: 'xx' },
  Length: { args: [2, 3], value: 'x' },
  Matches: { args: [/^\d+$/], value: 'x' },
  ArrayNotEmpty: { args: [], value: [] },
  ArrayMinSize: { args: [2], value: [1] },
  ArrayMaxSize: { args: [1], value: [1, 2] },
  ArrayUnique: { args: [], value: [1, 1] },
};
/** class-validator exports that check nothing themselves (conditions, nesting, the runner). */
const NOT_RULES = new Set(['ValidationOptions', 'IsOptional', 'ValidateIf', 'ValidateNested', 'ValidateBy', 'ValidationArguments', 'ValidationError', 'Allow', 'registerDecorator', 'validate', 'validateSync', 'ValidatorConstraint', 'Validate', 'buildMessage']);

/** The class-validator names the backend's source imports. */
function classValidatorImports(dir: string): Set<string> {
  const names = new Set<string>();
  const walk = (d: string) =>
    readdirSync(d, { withFileTypes: true }).forEach((e) => {
      const path = join(d, e.name);
      if (e.isDirectory()) return walk(path);
      if (!e.name.endsWith('.ts') || e.name.endsWith('.spec.ts')) return;
      for (const m of readFileSync(path, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'class-validator'/g)) {
        m[1].split(',').map((n) => n.replace(/^\s*type\s+/, '').replace(/\s+as\s+\w+\s*$/, '').trim()).filter(Boolean).forEach((n) => names.add(n));
      }
    });
  walk(dir);
  return names;
}

/** class-validator's own message for `value` under decorator `name` (with `each`: for an array holding it). */
function defaultMessage(name: string, each = false): string {
  const probe = PROBES[name];
  const Probe = class {
    value?: unknown;
  };
  const make = (validators as unknown as Record<string, (...a: unknown[]) => PropertyDecorator>)[name];
  make(...probe.args, ...(each ? [{ each: true }] : []))(Probe.prototype, 'value');
  const [error] = validators.validateSync(Object.assign(new Probe(), { value: each ? [probe.value] : probe.value }));
  return Object.values(error.constraints ?? {})[0];
}

const ETHIOPIC = /[\u1200-\u137F]/;

describe('Every server message in Amharic', () => {
  const found = collectSourceMessages(SOURCES, BACKEND).filter((m) => !NOT_ANSWERED.test(m.site));

  it('has an Amharic text for every message written in the source (a message added later fails here until translated)', () => {
    const written = found.filter((m) => m.text !== undefined && m.text.replaceAll(PARAM, '').trim() !== '' && !CODE.test(m.text));
    expect(written.length).toBeGreaterThan(250);
    const missing = written.filter((m) => !hasAmharic(m.text!.replaceAll(PARAM, 'X1'))).map((m) => `${m.site}: ${m.text!.replaceAll(PARAM, '{…}')}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('knows where each message that is not written in the source comes from', () => {
    const handedOn = found.filter((m) => m.text === undefined || m.text.replaceAll(PARAM, '').trim() === '');
    const unknown = handedOn.map((m) => `${m.site.replace(/:\d+$/, '')}|${m.expression}`).filter((key) => !PASS_THROUGH[key]);
    expect([...new Set(unknown)]).toEqual([]);
  });

  it("has an Amharic text for class-validator's message of every rule the DTOs use, also for each value of a list", () => {
    const rules = [...classValidatorImports(join(BACKEND, 'src'))].filter((n) => !NOT_RULES.has(n) && /^[A-Z]/.test(n));
    expect(rules.filter((n) => !PROBES[n])).toEqual([]); // a new rule needs a probe here
    // `each` checks every value of a list; the Array… rules check the list itself
    const missing = rules.flatMap((n) => [defaultMessage(n), ...(n.startsWith('Array') ? [] : [defaultMessage(n, true)])]).filter((m) => !hasAmharic(m));
    expect(missing).toEqual([]);
  });

  it('puts values in their place and the product’s words in Amharic; English and unknown messages stay as they are', () => {
    expect(localizeMessage('GRN "GRN-7" is already used', 'am')).toBe('GRN "GRN-7" ቀድሞውኑ ጥቅም ላይ ውሏል');
    expect(localizeMessage('Cannot submit this list: its status is approved (submit needs draft)', 'am')).toBe(
      'ይህን ዝርዝር ማስገባት አይቻልም፦ ሁኔታው «የጸደቀ» ነው (ይህ እርምጃ «ረቂቅ» ሁኔታን ይፈልጋል)',
    );
    expect(localizeMessage('quantity.0.value must not be negative', 'am')).toBe('quantity.0.value አሉታዊ መሆን የለበትም');
    expect(localizeMessage('each value in phone_no must be a string', 'am')).toBe('በphone_no ውስጥ ያለ እያንዳንዱ ዋጋ ጽሑፍ መሆን አለበት');
    expect(localizeMessage('Missing Product Name; limit must be a whole number', 'am')).toBe('የዕቃ ስም አልተሞላም፤ limit ሙሉ ቁጥር መሆን አለበት');
    expect(localizeMessage('Invalid email or password', 'en')).toBe('Invalid email or password');
    expect(localizeMessage('Something no catalogue knows', 'am')).toBe('Something no catalogue knows');
  });
});

/** Real failures of the API with `Accept-Language: am`: the message and each field's message are Amharic. */
describe('The API answers in the request’s language', () => {
  let t: TestApp;
  let u: Record<string, TestUser>;
  let warehouse: string;

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t);
    u = await createRoleUsers(t, warehouse);
  }, 300_000);
  afterAll(() => t.close());

  const am = { 'Accept-Language': 'am' };

  it('401: a wrong password, and no token', async () => {
    const wrong = await t.http.post('/api/users/login').set(am).send({ email: u.sales.email, password: 'Wrong#Pass1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም');
    const english = await t.http.post('/api/users/login').send({ email: u.sales.email, password: 'Wrong#Pass1' });
    expect(english.body.message).toBe('Invalid email or password');
    const none = await t.http.get('/api/warehouses').set(am);
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('እባክዎ ይግቡ፦ የመግቢያ ማስረጃው የለም ወይም ትክክል አይደለም');
  });

  it('400: validation names each field, in Amharic', async () => {
    const res = await t.http.post('/api/warehouses').set(bearer(t.adminToken)).set(am).send({ name: '', address: 5, extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors.length).toBeGreaterThanOrEqual(2);
    for (const e of res.body.errors as { field: string; message: string }[]) expect(e.message).toMatch(ETHIOPIC);
    expect(res.body.errors).toEqual(expect.arrayContaining([{ field: 'name', message: 'የመጋዘን ስም አልተሞላም' }, { field: 'extra', message: 'ያልታወቀ መስክ "extra"' }]));
    expect(res.body.message).toMatch(ETHIOPIC);
    expect(res.body.message).not.toMatch(/must|Missing|Unknown/);
  });

  it('403, 404 and 409 from the domains', async () => {
    const forbidden = await t.http.post('/api/warehouses').set(bearer(u.sales.token)).set(am).send({ name: 'x', address: 'y' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('ሚናዎ ይህን እንዲያደርጉ አይፈቅድም');
    const missing = await t.http.get('/api/incomingLists/one/00000000-0000-4000-8000-000000000000').set(bearer(t.adminToken)).set(am);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('የገቢ ዝርዝሩ አልተገኘም');
    const grn = `GRN-AM-${Date.now().toString(36)}`;
    const create = () =>
      t.http.post('/api/incomingLists/create').set(bearer(u.warehouseAdmin.token)).set(am).send({ warehouse, grn, remarks: { content: 'ለሙከራ' } });
    expect((await create()).status).toBe(201);
    const taken = await create();
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`GRN "${grn}" ቀድሞውኑ ጥቅም ላይ ውሏል`);
  });

  it('413 for a body over the limit and 429 after too many failed sign-ins', async () => {
    const large = await t.http.post('/api/warehouses').set(bearer(t.adminToken)).set(am).set('Content-Type', 'application/json').send(JSON.stringify({ name: 'x'.repeat(200_000) }));
    expect(large.status).toBe(413);
    expect(large.body.message).toMatch(/^አካሉ በጣም ትልቅ ነው፦ ገደቡ .+ ነው$/);
    const email = u.finance.email;
    let last = await t.http.post('/api/users/login').set(am).send({ email, password: 'Wrong#Pass1' });
    for (let i = 0; i < 6 && last.status !== 429; i++) last = await t.http.post('/api/users/login').set(am).send({ email, password: 'Wrong#Pass1' });
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(/^ብዙ ያልተሳኩ የመግቢያ ሙከራዎች ተደርገዋል። ከ\d+ ደቂቃ በኋላ እንደገና ይሞክሩ።$/);
    // the right password is refused as well while the limit holds; English without the header
    const english = await t.http.post('/api/users/login').send({ email, password: STRONG_PASSWORD });
    expect(english.body.message).toMatch(/^Too many failed sign-in attempts/);
  });
});
