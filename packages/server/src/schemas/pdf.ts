import {
  ATTACHMENT_RELATIONSHIPS,
  FACTUR_X_PROFILES,
  InvalidOptionError,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_FILENAME,
  MAX_PASSWORD_BYTES,
  MAX_PDF_TEXT,
  PDF_STANDARDS,
  checkPdfOptions,
} from '@platen/core/options';
import { z } from 'zod';

// The shape for OpenAPI and the first errors; core's checkPdfOptions (the library's and the
// CLI's rules) then checks limits and combinations, so all three refuse the same options.
const text = z.string().max(MAX_PDF_TEXT);

const metadata = z
  .strictObject({
    title: text.meta({ description: 'Default: the HTML `<title>`. An empty string leaves the title out.' }),
    author: text.meta({ description: 'Default: `<meta name="author">`.' }),
    subject: text.meta({ description: 'Default: `<meta name="description">`.' }),
    keywords: z
      .union([text, z.array(text).max(100)])
      .meta({ description: 'Default: `<meta name="keywords">`. A list is joined with ", ".' }),
    language: z.string().max(35).meta({
      description:
        "BCP 47 tag such as `de-CH`: the catalog's /Lang and dc:language. Default: `<html lang>` when `standard` or `factur_x` is set.",
    }),
    creation_date: z.string().max(40).meta({
      description:
        'ISO 8601 date-time, or `now`. Default: 2000-01-01T00:00:00Z, so that the same request gives the same bytes.',
    }),
  })
  .partial()
  .meta({
    id: 'PdfMetadata',
    description:
      'Document information (pdfinfo, the XMP packet). Each field left out comes from the HTML where it has one.',
  });

const password = z.string().min(1).max(MAX_PASSWORD_BYTES);
const encryption = z
  .strictObject({
    user_password: password.meta({
      description: 'Needed to open the PDF. Left out: anyone can open it, the permissions still apply.',
    }),
    owner_password: password.meta({ description: 'Lifts the permissions. Left out: a random one nobody knows.' }),
    permissions: z
      .strictObject({
        print: z
          .union([z.boolean(), z.enum(['high', 'low'])])
          .meta({ description: '`true`/`"high"`: print; `"low"`: degraded print only; `false`: no printing.' }),
        copy: z.boolean().meta({ description: 'Copy or extract text and images.' }),
        modify: z.boolean().meta({ description: 'Change the document, insert, rotate or delete pages.' }),
        annotate: z.boolean().meta({ description: 'Add comments and fill in forms.' }),
      })
      .partial()
      .meta({ description: 'What a reader allows without the owner password; each defaults to `true`.' }),
  })
  .partial()
  .meta({
    id: 'PdfEncryption',
    description:
      'AES-256. Passwords are never logged or stored in render logs; an async job keeps the request (passwords included) only until the job ends. PDF/A files cannot be encrypted.',
    examples: [
      {
        user_password: 'open-sesame',
        owner_password: 'owner-secret',
        permissions: { print: 'low', copy: false, modify: false },
      },
    ],
  });

const attachment = z
  .strictObject({
    filename: z
      .string()
      .min(1)
      .max(MAX_FILENAME)
      .meta({ description: 'Name readers show; no `/`, `\\` or control characters; unique in the request.' }),
    content: z.string().meta({ description: "The file's bytes, base64." }),
    mime_type: z.string().max(255).optional().meta({ description: 'Default `application/octet-stream`.' }),
    relationship: z
      .enum(ATTACHMENT_RELATIONSHIPS)
      .optional()
      .meta({ description: 'AFRelationship; default `Unspecified`.' }),
    description: text.optional(),
  })
  .meta({ id: 'PdfAttachment' });

const facturX = z
  .strictObject({
    xml: z.string().min(1).meta({ description: 'The invoice: UN/CEFACT Cross Industry Invoice XML, as text.' }),
    profile: z.enum(FACTUR_X_PROFILES).optional().meta({
      description:
        'Default: the profile the XML declares (GuidelineSpecifiedDocumentContextParameter); a given one must agree with it.',
    }),
    relationship: z
      .enum(['Alternative', 'Data', 'Source'])
      .optional()
      .meta({ description: 'Default `Data` for MINIMUM and BASIC WL, else `Alternative`.' }),
  })
  .meta({
    id: 'FacturX',
    description:
      'A Factur-X / ZUGFeRD e-invoice: the XML embedded as `factur-x.xml` (`xrechnung.xml` for XRECHNUNG) in a PDF/A-3b, with the Factur-X XMP extension schema.',
  });

const signature = z
  .strictObject({
    reason: text.meta({ description: 'Shown by readers with the signature.' }),
    location: text,
    contact_info: text,
    name: text.meta({ description: "The signer's name; default the certificate's common name." }),
    visible: z
      .strictObject({
        page: z.number().int().min(1).meta({ description: 'The page it is shown on, 1 for the first.' }),
        x: z.number().min(0).max(14400).meta({ description: "From the page's left edge, in pt." }),
        y: z.number().min(0).max(14400).meta({ description: "From the page's top edge, in pt." }),
        width: z.number().gt(0).max(14400).meta({ description: 'In pt.' }),
        height: z.number().gt(0).max(14400).meta({ description: 'In pt.' }),
        text: text
          .optional()
          .meta({ description: 'What it shows (lines split at \\n); default: signer, date, reason and location.' }),
      })
      .meta({
        id: 'VisibleSignature',
        description:
          'Show the signature in a rectangle of a page: a widget annotation whose appearance shows who signed, when and why. Omitted: invisible.',
        examples: [{ page: 1, x: 340, y: 700, width: 200, height: 60 }],
      }),
  })
  .partial()
  .meta({
    id: 'PdfSignature',
    description:
      "Sign the PDF with the server's certificate (PLATEN_SIGNING_P12): PAdES baseline B-B (ETSI.CAdES.detached, SHA-256), invisible or shown in a rectangle (`visible`). Refused when the server has none, and with `encryption`.",
    examples: [{ reason: 'Approved', location: 'Zürich' }],
  });

export const pdfOptionsSchema = z
  .strictObject({
    metadata,
    standard: z.enum(PDF_STANDARDS).meta({
      description:
        '`pdf/a-2b`/`pdf/a-3b`: a PDF/A file (sRGB output intent, XMP with pdfaid, fonts embedded; refused together with `encryption`). `pdf/a-2a`/`pdf/a-3a`: the same at level A (tagged, `pdfaid:conformance` A); the document must have a language and every character a glyph in the fonts, else 400. `pdf/ua-1`: a tagged PDF/UA-1 file (XMP with pdfuaid); the document must have a title, a language and `alt` on every `<img>`, else 400.',
    }),
    encryption,
    attachments: z
      .array(attachment)
      .max(MAX_ATTACHMENTS)
      .meta({
        description: `Embedded files with AFRelationship (PDF/A: only with \`pdf/a-3b\` or \`pdf/a-3a\`). At most ${MAX_ATTACHMENTS}, ${MAX_ATTACHMENT_BYTES / 1048576} MiB decoded together (the Factur-X XML included), within the request body limit.`,
      }),
    factur_x: facturX,
    signature,
    outline: z.boolean().meta({
      description:
        "Bookmarks (the document outline) from the body's h1–h6, nested by level. Default `true`; `false` leaves them out.",
    }),
    tagged: z.boolean().meta({
      description:
        'A tagged PDF: a structure tree from the HTML (headings, paragraphs, lists, tables, figures with alt, links), chrome and decorations as artifacts, `/Lang` from `<html lang>`. Default `true`; `false` leaves the tree out for the smallest files (400 with `pdf/ua-1`, `pdf/a-2a`, `pdf/a-3a`).',
    }),
  })
  .partial()
  .superRefine((pdf, ctx) => {
    try {
      // The signature's certificate is the server's, added by the render service, which checks the whole again.
      checkPdfOptions({ ...pdf, signature: undefined });
    } catch (error) {
      if (!(error instanceof InvalidOptionError)) throw error;
      ctx.addIssue({ code: 'custom', path: error.param.split('.').slice(1), message: error.message });
    }
  })
  .meta({
    id: 'PdfOptions',
    description:
      "What the PDF file carries beyond its pages. Left out: a plain PDF as before. The same object as the library's `render({ pdf })` and the CLI's `--pdf`.",
    examples: [
      { metadata: { title: 'Invoice 42', author: 'ACME SARL', keywords: ['invoice', '2026'], creation_date: 'now' } },
      { encryption: { user_password: 'open-sesame', permissions: { print: true, copy: false } } },
      {
        standard: 'pdf/a-3b',
        attachments: [
          {
            filename: 'data.json',
            content: 'eyJ0b3RhbCI6MTIwMH0=',
            mime_type: 'application/json',
            relationship: 'Data',
          },
        ],
      },
      { factur_x: { xml: '<rsm:CrossIndustryInvoice …>…</rsm:CrossIndustryInvoice>' } },
    ],
  });
export type PdfOptionsInput = z.infer<typeof pdfOptionsSchema>;

/** A template's default `pdf` options: passwords are never stored, so no `encryption`. */
export const templatePdfOptionsSchema = pdfOptionsSchema
  .refine((pdf) => pdf.encryption === undefined, {
    path: ['encryption'],
    message: 'Passwords are not stored with templates: give pdf.encryption in each render request.',
  })
  .meta({
    id: 'TemplatePdfOptions',
    description:
      "The template's default `pdf` options (PdfOptions without `encryption`); a render request's `pdf` is merged over them: `metadata` field by field, `attachments` appended, the rest replaced.",
  });
