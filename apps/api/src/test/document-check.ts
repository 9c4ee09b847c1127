import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };
type Document = { paths?: Record<string, Record<string, Operation>> };

const DOCUMENT_ID = 'boardwalk-openapi';
const JSON_TYPE = /^application\/(problem\+)?json\b/;

/**
 * Checks a real answer of the API against the OpenAPI document the API serves: the status must be
 * one the operation documents, with a documented media type, and a JSON body must validate against
 * the documented schema (JSON Schema 2020-12, as OpenAPI 3.1 uses). The harness runs every answer
 * of `app.request` through it, so the whole API suite keeps the document honest.
 * Paths the document does not hold (Auth.js, unknown routes, the SPA) are not checked here; a
 * test in route-abilities.test.ts makes sure every route is in the document.
 */
export function documentChecker(served: object) {
  const document = served as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const validators = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths ?? {})
    .map((template) => ({ template, pattern: templatePattern(template), params: (template.match(/\{/g) ?? []).length }))
    // Literal segments win over parameters, as in the router: /api/merchants/sales before /{id}.
    .sort((a, b) => a.params - b.params);

  function validator(pointer: string) {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
      if (!validate) throw new Error(`The OpenAPI document has no schema at ${pointer}`);
      validators.set(pointer, validate);
    }
    return validate;
  }

  return async function checkAnswer(method: string, url: string, res: Response): Promise<void> {
    const path = new URL(url, 'http://localhost').pathname;
    const template = templates.find((t) => t.pattern.test(path))?.template;
    const lower = method.toLowerCase();
    const operation = template ? document.paths?.[template]?.[lower] : undefined;
    if (!template || !operation) return;
    const where = `${method} ${path} (${template}) answered ${res.status}`;
    const status = String(res.status);
    const answer = operation.responses?.[status] ?? operation.responses?.default;
    if (!answer) throw new Error(`${where}, a status its OpenAPI operation does not document.`);
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!answer.content) {
      if (mediaType && (await res.clone().text()) !== '') {
        throw new Error(`${where} with a ${mediaType} body the document says it has none.`);
      }
      return;
    }
    const documented = Object.keys(answer.content).find((range) => mediaTypeMatches(range, mediaType));
    if (!documented) {
      throw new Error(
        `${where} as ${mediaType || 'no media type'}, not one of ${Object.keys(answer.content).join(', ')}.`,
      );
    }
    if (!JSON_TYPE.test(mediaType)) return;
    const body: unknown = JSON.parse(await decodedText(res.clone()));
    const pointer = [
      'paths',
      template,
      lower,
      'responses',
      answer === operation.responses?.[status] ? status : 'default',
    ]
      .concat(['content', documented, 'schema'])
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    const validate = validator(`/${pointer}`);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).slice(0, 5);
      throw new Error(`${where}: the body does not match the OpenAPI document: ${errors.join('; ')}`);
    }
  };
}

/** `image/png` matches `image/png`, `image/*` and `*\/*`. */
function mediaTypeMatches(range: string, mediaType: string) {
  if (range === '*/*' || range === mediaType) return true;
  return range.endsWith('/*') && mediaType.startsWith(range.slice(0, -1));
}

/** The body as text, undoing the compression compress-json.ts applies to larger answers. */
async function decodedText(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

function templatePattern(template: string) {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}
