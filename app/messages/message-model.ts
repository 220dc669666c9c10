import { z } from "zod";
import { SELLER_LANGUAGES, type Language } from "~/i18n/languages";
import { hasText, textDisplayFields, textDisplaySchema } from "~/text-display/text-display-model";
import { INVALID_WIDGET_ID } from "~/widgets/widget-id";
import { CLOSE_CROSS, isDialogMessage, MESSAGE_TYPES, typesOf } from "./message-type";

/** A message's id names its cookies, so it is kept to characters a cookie name may hold. */
const messageIdSchema = z.string().superRefine((id, context) => {
  if (id.trim() === "") context.addIssue({ code: "custom", message: INVALID_WIDGET_ID });
  else if (!/^[\w.-]{1,100}$/.test(id)) {
    context.addIssue({
      code: "custom",
      message: "messageId names cookies: use letters, digits, '_', '.' and '-' only, at most 100",
    });
  }
});

export const messageConfigSchema = z.strictObject({
  /** Without an id a message cannot remember anything: it shows at every load and closing hides it for the page view. */
  messageId: messageIdSchema.optional(),
  /** Closing hides it for good, not just for the browser session. */
  permanent: z.boolean().optional(),
  /** How many page views show it. */
  maxViews: z.number().int().positive().optional(),
  /** How many times the seller closes it before it stops coming back. */
  maxDismissal: z.number().int().positive().optional(),
});

/** A control is a text display model with a name; the one named `cross` is the close cross. */
export const messageControlSchema = textDisplayFields
  .extend({ name: z.string().min(1) })
  .refine(
    (control) => control.name === CLOSE_CROSS || (hasText(control) && control.action !== undefined),
    "A control other than the cross needs text or textSpans, and an action",
  );

const messageTypeSchema = z.union([z.enum(MESSAGE_TYPES), z.array(z.enum(MESSAGE_TYPES)).min(1)], {
  error: "type must be alert, success, info or dialog, or a list of them",
});

/** The message view model (docs/product/models.md). Unknown keys are refused: a misspelt key would otherwise vanish silently. */
export const messageViewModelSchema = z
  .strictObject({
    title: z.string().trim().min(1).optional(),
    /** alert, success, info or dialog, or a list such as ["alert", "dialog"]: an alert shown as a dialog. */
    type: messageTypeSchema,
    /** The kind of message for whoever reads the tracking (e.g. "FEATURE", "COMPLIANCE"). */
    messageType: z
      .string()
      .regex(/^[\w-]{1,50}$/, "messageType: letters, digits, '_' and '-' only")
      .optional(),
    /** Paragraphs, each a text display model. */
    content: z.array(textDisplaySchema).min(1).optional(),
    /** One paragraph, plain or a text display model. */
    message: z.union([z.string().trim().min(1), textDisplaySchema]).optional(),
    controls: z.array(messageControlSchema).optional(),
    config: messageConfigSchema.optional(),
  })
  .refine((model) => (model.content === undefined) !== (model.message === undefined), {
    message: "A message needs content or message (one of them, not both)",
    path: ["content"],
  })
  .refine((model) => typesOf(model).filter((type) => type !== "dialog").length <= 1, {
    message: "type names at most one of alert, success and info",
    path: ["type"],
  })
  .refine((model) => !isDialogMessage(model) || model.title !== undefined, {
    message: "A dialog message needs a title: it names the dialog",
    path: ["title"],
  })
  .refine((model) => new Set(model.controls?.map((control) => control.name)).size === (model.controls?.length ?? 0), {
    message: "Each control needs a name of its own (one cross at most)",
    path: ["controls"],
  });

/**
 * A message as an operator stores it: one view model, or one per language. Each language's is a
 * whole model, so a translation can shape its sentences freely; they share their type and config,
 * being one message with one set of cookies. English is required: a seller whose language the
 * message lacks reads it in English (docs/product/models.md).
 */
export const multilingualMessageSchema = z
  .strictObject({ languages: z.partialRecord(z.enum(SELLER_LANGUAGES), messageViewModelSchema) })
  .refine(({ languages }) => languages["en-US"] !== undefined || languages["en-GB"] !== undefined, {
    message: "languages needs an English message (en-US or en-GB): a seller of a language it lacks reads that one",
    path: ["languages"],
  })
  .refine(
    ({ languages }) =>
      new Set(Object.values(languages).map((model) => JSON.stringify([typesOf(model), model.config ?? {}]))).size <= 1,
    {
      message: "each language's message needs the same type and config: they are one message, with one set of cookies",
      path: ["languages"],
    },
  );

export type StoredMessage = MessageViewModel | z.infer<typeof multilingualMessageSchema>;

/**
 * Either kind, told apart by a `languages` key, so that a refusal names the problems of the kind
 * the operator wrote (a union of the two would answer only "Invalid input").
 */
export const storedMessageSchema = z.unknown().transform((value, context): StoredMessage => {
  const multilingual = typeof value === "object" && value !== null && "languages" in value;
  const parsed = (multilingual ? multilingualMessageSchema : messageViewModelSchema).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) context.addIssue({ ...issue, input: value } as z.core.$ZodRawIssue);
  return z.NEVER;
});

/** The message in the seller's language; else in their kind of English, else in either. */
export function messageInLanguage(stored: StoredMessage, language: Language): MessageViewModel {
  if (!("languages" in stored)) return stored;
  const { languages } = stored;
  const english = language === "en-GB" ? (["en-GB", "en-US"] as const) : (["en-US", "en-GB"] as const);
  return (languages[language as keyof typeof languages] ??
    languages[english[0]] ??
    languages[english[1]]) as MessageViewModel;
}

export type MessageConfig = z.infer<typeof messageConfigSchema>;
export type MessageControl = z.infer<typeof messageControlSchema>;
export type MessageViewModel = z.infer<typeof messageViewModelSchema>;
/** A message as a page gets it from the server: validated, and always with an id. */
export type PageMessage = MessageViewModel & { config: MessageConfig & { messageId: string } };

/**
 * Each problem as "model.content[0].styles: reason", so a refusal says where to look. Of a union
 * (a string or a text display model), the reasons of the branch whose kind matched are given.
 */
export function describeIssues(error: z.ZodError, root?: string): string[] {
  return flatten(error.issues, root ? [root] : []);
}

function flatten(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union") {
      const matched = issue.errors.filter(
        (branch) =>
          !branch.some(
            (inner) => (inner.code === "invalid_type" || inner.code === "invalid_value") && inner.path.length === 0,
          ),
      );
      if (matched.length === 1) return flatten(matched[0] ?? [], path);
    }
    return [path.length ? `${formatPath(path)}: ${issue.message}` : issue.message];
  });
}

function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    "",
  );
}
