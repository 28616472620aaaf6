import type { PageComponents } from '@platen/core';
import { InvalidOptionError, checkPdfOptions, type PdfOptions } from '@platen/core/options';
import { blockIds as coreBlockIds } from '@platen/core/template';
import { ApiError, invalidParameter, missingParameter, missingTemplate } from '../errors.js';
import type { Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import type { RenderJob, RenderWarning } from '../render-pool/messages.js';
import type { PdfFormatInput } from '../schemas/format.js';
import type { PdfOptionsInput } from '../schemas/pdf.js';
import type { ComponentType } from '../store/components.js';
import type { PageComponentIds, Template } from '../store/templates.js';
import { checkFormat, mergeFormats } from './format.js';

export interface RenderInput extends ChromeChoice {
  readonly template_id?: string | undefined;
  readonly html?: string | undefined;
  readonly data?: Record<string, unknown> | undefined;
  readonly format?: PdfFormatInput | undefined;
  readonly pdf?: PdfOptionsInput | undefined;
}

/** Component choices: undefined → the template's own, null → none; `*_html` (previews) wins over both. */
export interface ChromeChoice {
  readonly header_component_id?: string | null | undefined;
  readonly footer_component_id?: string | null | undefined;
  /** The first and last page's own; each key given replaces the template's. */
  readonly first_page?: PageComponentIds | undefined;
  readonly last_page?: PageComponentIds | undefined;
  readonly header_html?: string | undefined;
  readonly footer_html?: string | undefined;
}

const SLOTS = ['header', 'footer'] as const;
const PAGES = ['first_page', 'last_page'] as const;

export interface Rendered {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly warnings: readonly RenderWarning[];
}

/** IDs named by `<svc-block id="…">` tags in the given HTML strings (core's own parser). */
export function blockIds(...htmls: (string | null)[]): string[] {
  return [...new Set(htmls.flatMap((html) => (html ? coreBlockIds(html) : [])))];
}

/** Map a worker failure to the API error DECISIONS.md fixes for it. */
function toRenderError(code: string, message: string, param: string | undefined, deps: AppDeps): ApiError {
  switch (code) {
    case 'template_syntax_error':
      return new ApiError(400, 'invalid_request_error', 'template_syntax_error', message);
    case 'invalid_parameter':
      return invalidParameter(param, message);
    case 'document_too_large':
      return new ApiError(422, 'invalid_request_error', 'document_too_large', message);
    case 'render_timeout':
      return new ApiError(504, 'api_error', 'render_timeout', message);
    case 'render_failed':
      return new ApiError(500, 'api_error', 'render_failed', message);
    default:
      // A crash inside the renderer: the operator sees the message, the client does not.
      deps.logger.error('render crashed', { code, error: message });
      return new ApiError(500, 'api_error', 'render_failed', 'The render failed.');
  }
}

/**
 * The request's `pdf` over the template's: `metadata` field by field, `attachments` appended,
 * the rest replaced; checked together (a template's PDF/A refuses a request's encryption).
 */
function mergePdfOptions(template: PdfOptions | undefined, request: PdfOptions | undefined): PdfOptions | null {
  if (!template || Object.keys(template).length === 0) return request ?? null;
  if (!request) return template;
  const metadata =
    template.metadata || request.metadata ? { metadata: { ...template.metadata, ...request.metadata } } : {};
  const attachments =
    template.attachments || request.attachments
      ? { attachments: [...(template.attachments ?? []), ...(request.attachments ?? [])] }
      : {};
  return { ...template, ...request, ...metadata, ...attachments };
}

/**
 * A `pdf.signature` signs with the server's certificate (a request never sends one); the
 * final options are checked as a whole, so a template's PDF/A refuses a request's encryption.
 */
function withCertificate(pdf: PdfOptions | null, signing: Config['signing']): PdfOptions | null {
  if (!pdf) return null;
  let final = pdf;
  if (pdf.signature) {
    if (!signing)
      throw invalidParameter(
        'pdf.signature',
        'This server has no signing certificate: its operator sets PLATEN_SIGNING_P12.',
      );
    final = { ...pdf, signature: { ...pdf.signature, p12: signing.p12, passphrase: signing.passphrase } };
  }
  try {
    checkPdfOptions(final);
  } catch (error) {
    if (error instanceof InvalidOptionError) throw invalidParameter(error.param, error.message);
    throw error;
  }
  return final;
}

/** Resolving templates and components for a user, and running renders in the pool. */
export function createRenderService(deps: AppDeps) {
  const { config, templates, components, pool } = deps;

  /** A component of this user usable as `type`; `param` names the field at fault. */
  async function requireComponent(userId: string, id: string, type: ComponentType, param: string): Promise<void> {
    const c = await components.get(userId, id);
    if (!c) throw invalidParameter(param, `Component ${JSON.stringify(id)} was not found.`);
    if (c.type !== type)
      throw invalidParameter(param, `Component ${JSON.stringify(id)} is a ${c.type}, not a ${type}.`);
  }

  async function componentHtml(userId: string, id: string | null): Promise<string | null> {
    return id ? ((await components.get(userId, id))?.html ?? null) : null;
  }

  /** Check header/footer attachments of a template body or render request, on every page and on the first and last. */
  async function checkChrome(userId: string, choice: ChromeChoice): Promise<void> {
    for (const slot of SLOTS) {
      const id = choice[`${slot}_component_id`];
      if (id) await requireComponent(userId, id, slot, `${slot}_component_id`);
    }
    for (const page of PAGES) {
      for (const slot of SLOTS) {
        const id = choice[page]?.[`${slot}_component_id`];
        if (id) await requireComponent(userId, id, slot, `${page}.${slot}_component_id`);
      }
    }
  }

  /** The request's format and PDF options merged over the template's and checked, without reading components. */
  function checkOptions(template: Template | null, input: RenderInput) {
    const format = mergeFormats((template?.pdf_format ?? {}) as PdfFormatInput, input.format);
    checkFormat(format, input.format ? 'format' : 'pdf_format');
    const pdf = withCertificate(
      mergePdfOptions(template?.pdf_options as PdfOptions | undefined, input.pdf as PdfOptions | undefined),
      config.signing,
    );
    return { format, pdf };
  }

  return {
    requireComponent,
    checkChrome,

    /** The request's template (ID or slug), or null for raw HTML; missing → 404 missing_template. */
    async resolveTemplate(userId: string, input: RenderInput): Promise<Template | null> {
      if (input.template_id === undefined) {
        if (input.html === undefined) throw missingParameter('template_id', 'Either template_id or html is required.');
        return null;
      }
      const template = await templates.get(userId, input.template_id);
      if (!template) throw missingTemplate(input.template_id);
      return template;
    },

    checkOptions,

    /** Build the worker job: merged format, chrome and every referenced block of this user. */
    async buildJob(
      userId: string,
      template: Template | null,
      input: RenderInput,
      data: Record<string, unknown>,
    ): Promise<RenderJob> {
      const chrome: ChromeChoice = input;
      const { format, pdf } = checkOptions(template, input);
      const html = template ? template.html : (input.html ?? '');
      const pick = (key: 'header_component_id' | 'footer_component_id') =>
        chrome[key] === undefined ? (template?.[key] ?? null) : chrome[key];
      const header = chrome.header_html ?? (await componentHtml(userId, pick('header_component_id')));
      const footer = chrome.footer_html ?? (await componentHtml(userId, pick('footer_component_id')));
      /** A page's own components: the request's keys over the template's; a missing component prints none. */
      const pageHtml = async (page: (typeof PAGES)[number]): Promise<PageComponents> => {
        const out: { header?: string | null; footer?: string | null } = {};
        for (const slot of SLOTS) {
          const key = `${slot}_component_id` as const;
          const id = chrome[page]?.[key] !== undefined ? chrome[page]?.[key] : template?.[page][key];
          if (id !== undefined) out[slot] = await componentHtml(userId, id);
        }
        return out;
      };
      const firstPage = await pageHtml('first_page');
      const lastPage = await pageHtml('last_page');
      const blocks: Record<string, string> = {};
      let pending = blockIds(
        html,
        header,
        footer,
        ...[firstPage, lastPage].flatMap((p) => [p.header ?? null, p.footer ?? null]),
      );
      // Blocks may hold blocks: follow two levels, which covers real templates without risking cycles.
      for (let level = 0; level < 2 && pending.length > 0; level++) {
        const found: string[] = [];
        for (const id of pending) {
          const block = await componentHtml(userId, id);
          if (block !== null && !(id in blocks)) {
            blocks[id] = block;
            found.push(block);
          }
        }
        pending = blockIds(...found).filter((id) => !(id in blocks));
      }
      return {
        html,
        data,
        format: format as Record<string, unknown>,
        header,
        footer,
        firstPage,
        lastPage,
        blocks,
        baseDir: config.resourceDir,
        allowPrivateNetwork: config.allowPrivateNetwork,
        maxPages: config.maxPages,
        maxHtmlBytes: config.maxHtmlBytes,
        fontDirs: config.fontDirs,
        maxResources: config.maxResources,
        maxResourceBytes: config.maxResourceBytes,
        pdf,
      };
    },

    /** Run a job; failures become ApiErrors. */
    async run(job: RenderJob, userId: string): Promise<Rendered> {
      const outcome = await pool.run(job, userId);
      if (!outcome.ok) throw toRenderError(outcome.code, outcome.message, outcome.param, deps);
      return { pdf: outcome.pdf, pageCount: outcome.pageCount, warnings: outcome.warnings };
    },
  };
}
export type RenderService = ReturnType<typeof createRenderService>;
