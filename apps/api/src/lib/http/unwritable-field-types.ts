// Types only, so that lib/context.ts (the request's variables) and unwritable-fields.ts (which
// reads them) do not import each other.

/**
 * A PATCH refuses every field it does not write (decision 075): its body schema is made strict,
 * and each refused field is named in the 400 with where it is changed instead, if anywhere.
 *
 * `writtenElsewhere` maps a field of the record to a route (`'POST /api/merchants/{id}/stage'`)
 * or to the body field that sets it (`'assignedUserId'`).
 */
export type WrittenElsewhere = Readonly<Record<string, string>>;

/** What the validation hook needs to word a refused field of this route. */
export type UnwritableFields = { recordFields: ReadonlySet<string>; writtenElsewhere: WrittenElsewhere };
