/*
 * Where Arkiv's JSON answers knowingly leave the reference (decision 029). Each entry says which
 * answers it covers and why. The rule: an entry is allowed only where the real product deviates
 * too (its recorded answers, or the spec documents that describe its client), or where the
 * reference describes nothing of the kind and the answer is Arkiv's own. A shape the reference
 * gets right and Arkiv gets wrong is fixed, never listed. Keep the list short.
 */

export interface ContractException {
  /** The answers it covers; each given part must match. */
  method?: string;
  path?: RegExp;
  mediaType?: string;
  status?: number[];
  /**
   * What it forgives: "undescribed" = the reference has no schema for the answer at all; else
   * the schema errors at these JSON pointers, of this keyword, and with a value found there that
   * `value` accepts, when those are given.
   */
  forgives:
    "undescribed" | { pointer: RegExp; keyword?: string; value?: (found: unknown) => boolean };
  reason: string;
}

export const CONTRACT_EXCEPTIONS: readonly ContractException[] = [
  {
    forgives: { pointer: /\/(href|renditions\/\d+\/href)$/, keyword: "format" },
    reason:
      "The reference declares some hrefs `format: url` (absolute), but the real product answers " +
      "hrefs relative to the site, and so does Arkiv (STACK.md, the ajv note).",
  },
  {
    forgives: {
      pointer: /(^|\/)paging\/(prev|next|last)$/,
      keyword: "type",
      value: (found) => found === null,
    },
    reason:
      "The reference's Paging (collection lists, a collection's children) says prev and next are " +
      "null where there is no such page and last is null when not known, but types them as " +
      "strings without `nullable` (its PagingInfo, for asset and taxonomy lists, has them " +
      "nullable); the real product answers null there.",
  },
  {
    forgives: {
      pointer: /^(\/data\/\d+)?\/(paging|posterAsset)$/,
      keyword: "type",
      value: (found) => found === null,
    },
    reason:
      "The reference's own descriptions say these may be null (Paging: 'If null, then the list " +
      "is not paged'; posterAsset: 'May be null') but its schemas forgot `nullable`; the real " +
      "product answers null there.",
  },
  {
    path: /^\/fotoweb\/api\/uploads\/[^/]+\/status\/?$/i,
    forgives: { pointer: /^\/(result|error)$/, keyword: "type", value: (found) => found === null },
    reason:
      "An upload's status always carries result and error, the one that does not apply as null, " +
      "as the real product answers it (issue 14); the reference's BatchUploadStatus refers to " +
      "object schemas, and OpenAPI 3.0 cannot mark a $ref nullable.",
  },
  {
    forgives: { pointer: /^(\/data\/\d+)?\/permissions\/\d+$/, keyword: "enum" },
    reason:
      "A collection's permissions are the archive member permissions of spec 001 (Workflow, " +
      "CropAndDownload, HistoryView, ...), a wider set than the reference's Permission enum; the " +
      "reference's own Asset example lists CropAndDownload, which its enum lacks.",
  },
  {
    forgives: {
      pointer: /\/builtinFields\/\d+\/value$/,
      keyword: "type",
      value: (found) => Array.isArray(found) && found.every((v) => typeof v === "string"),
    },
    reason:
      "A bag field's value (the builtin `tags`) is a list of strings, as the real product " +
      "answers it and its metadata editor reads it (spec 002, metadata set); the reference " +
      "types every builtin value as one string.",
  },
  {
    path: /^\/fotoweb\/services\/keepalive\/?$/i,
    forgives: "undescribed",
    reason:
      "The keepalive ping is only a link in the reference (FullAPIDescriptor services.keepalive); " +
      "its answer, {alive: true}, is Arkiv's own.",
  },
  {
    path: /^\/fotoweb\/locales\/[^/]+\/[^/]+$/,
    status: [200],
    forgives: "undescribed",
    reason:
      "One area's compiled messages, which the browser fetches on moving to a page that needs " +
      "them (decision 101): the page's own resource, not an operation of the API.",
  },
  {
    path: /^\/fotoweb\/api\/privacy\/cookie-consent\/?$/i,
    forgives: "undescribed",
    reason:
      "The cookie consent resource (spec 000 section 7: banner and policy) is called by the real " +
      "product's client but not in the reference.",
  },
  {
    path: /^\/fotoweb\/me\/pins\/?$/i,
    mediaType: "application/json",
    forgives: "undescribed",
    reason:
      "The pins list's POST and PATCH answers ({assets: {added, noAssetsAdded}} and " +
      "{assets: {removed}}) are the real product's, read by its client (spec 000 section 7); " +
      "the reference has only the pins link.",
  },
  {
    path: /^\/fotoweb\/me\/user-preferences\/?$/i,
    // GET and PATCH, answered as application/vnd.fotoware.user-preferences+json when asked for
    // it and application/json otherwise; refusals are the house's errors, checked as usual.
    status: [200],
    forgives: "undescribed",
    reason:
      "The user preferences ({data: {intranet, shared, pro, public}}) are the real product's " +
      "resource at the address its recorded descriptor gives (decision 030); the reference has " +
      "only the descriptor's user_preferences link, no operation or schema.",
  },
  {
    method: "GET",
    path: /^\/fotoweb\/me\/background-tasks\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The viewer's task list behind the descriptor's background_tasks link (decision 030): " +
      "{data, paging}, each entry one task's status (checked where it is polled, at " +
      "/fotoweb/me/background-tasks/{id}) with its href. The reference describes only POST there " +
      "(starting a task) and GET of one task.",
  },
  {
    method: "GET",
    path: /^\/fotoweb\/search\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The descriptor's services.search (the real product's /fotoweb/search/, decision 030) " +
      "answers the collection list the searchURL answers; the reference describes the searchURL " +
      "(GET /fotoweb/archives/, checked as CollectionList) but not this address, and " +
      "http-descriptor-links.test.ts holds the two answers' data equal.",
  },
  {
    path: /^\/fotoweb\/api\/config\/applications(\/[0-9a-f]{32}\/(tokens)?)?\/?$/i,
    mediaType: "application/json",
    status: [200, 201],
    forgives: "undescribed",
    reason:
      "The applications API (the list, one application, a registration's 201 with its secret, an " +
      "API token's 201; decision 028) is Arkiv's own: the reference has no resource for " +
      "registering programs (the real product registers them in its site configuration).",
  },
  {
    path: /^\/fotoweb\/api\/invitations\/(\d+\/?)?$/i,
    // The list (GET), a creation's 201 ({totalInvitationsCreated} or {invitationLink}) and one
    // invitation (GET its admin href), as application/vnd.fotoware.invitations+json when asked
    // for it and application/json otherwise; refusals are the house's errors, checked as usual.
    status: [200, 201],
    forgives: "undescribed",
    reason:
      "The reference has no invitation operations; spec 002 (sections 3 and 7) describes the " +
      "real product's calls and their fields (Invitation request, response and listed), which " +
      "Arkiv answers (decision 037).",
  },
  {
    path: /^\/fotoweb\/api\/config\/(metadata|metadataviews)(\/|$)/i,
    mediaType: "application/json",
    status: [200, 201],
    forgives: "undescribed",
    reason:
      "The metadata configuration reads that spec 001 section 7 lists (fields/all, fields/{key}, " +
      "namespaces, groups, metadataviews, ...) and the writes beside them (decision 032): the " +
      "real product's client calls them, but the reference describes none of them; the records " +
      "keep the management API's PascalCase, as the archive configuration does.",
  },
  {
    path: /^\/fotoweb\/api\/config\/(processingprofiles|processingprofilesets|quickrenditionsets|cropprofilesets|watermarks)(\/|$)/i,
    mediaType: "application/json",
    status: [200, 201],
    forgives: "undescribed",
    reason:
      "The processing lists spec 001 section 7 lists (processing profiles and sets, quick " +
      "rendition sets, crop profile sets, watermarks with FileName and Name) and their writes " +
      "(decision 040): the real product's client calls them, the reference describes none; " +
      "records keep the management API's PascalCase, as the archive configuration does.",
  },
  {
    path: /^\/fotoweb\/api\/config\/(archives(-old)?(\/\d+)?|options)\/?$/i,
    mediaType: "application/json",
    status: [200, 201],
    forgives: "undescribed",
    reason:
      "The archive dialog's configuration calls of spec 001 section 7 (archives, archives-old, " +
      "options; decision 038): the real product's client makes them, but the reference describes " +
      "none of them; the archive record keeps the management API's PascalCase.",
  },
  {
    path: /^\/fotoweb\/views\/admin\/archives\/(new|\d+)$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The archive dialog page's own action data (Remix ?_data=), not an API answer: the form " +
      "again with a row added or removed or people found (decision 038).",
  },
  {
    path: /^\/fotoweb\/oauth2\/token\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The token endpoint's answer is OAuth 2's access token response (RFC 6749 section 5.1: " +
      "access_token, token_type, expires_in, refresh_token); the reference names OAuth 2 only as " +
      "a security scheme and describes none of its endpoints.",
  },
  {
    path: /^\/fotoweb\/oauth2\/(token|revoke)\/?$/i,
    mediaType: "application/json",
    // OAuth's refusals; a 405 for another method is the house's, as on every route.
    status: [400, 401, 413, 429, 500],
    forgives: { pointer: /^\/(status|heading|value)$/, keyword: "house-error" },
    reason:
      "The token and revocation endpoints refuse in OAuth 2's error shape, {error, " +
      "error_description} (RFC 6749 section 5.2, RFC 7009 section 2.2.1), which clients' OAuth " +
      "libraries parse, not in the house's error body; it is still checked as the reference's " +
      "ErrorMessage.",
  },
  {
    path: /^\/fotoweb\/api\/signups\/(count|[0-9a-f-]{36})?\/?$/i,
    mediaType: "application/vnd.fotoware.signup-list+json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The pending sign-ups list (spec 002 section 7, the signup-list type: count, data of " +
      "{id, href, email, firstName, lastName, createdDate, userData, groups}, paging) is called by " +
      "the real product's client, but the reference has no sign-up operation (decision 036).",
  },
  {
    path: /^\/fotoweb\/api\/signups\/count\/?$/i,
    mediaType: "application/vnd.fotoware.signup-list-count+json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The pending sign-ups count (spec 002 sections 3 and 7, the signup-list-count type: " +
      "signupCount) feeds the tools menu's badge in the real product's client; the reference has " +
      "no sign-up operation (decision 036).",
  },
  {
    path: /^\/fotoweb\/api\/signups\/[^/]+\/?$/i,
    mediaType: "application/vnd.fotoware.signup+json",
    status: [200],
    forgives: "undescribed",
    reason:
      "One sign-up at its href (GET, and PATCH's answer with firstName, lastName, userData: spec " +
      "002 section 7); the reference has no sign-up operation (decision 036).",
  },
  {
    method: "PATCH",
    path: /^\/fotoweb\/api\/groups\/\d+\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The group editor saves only the changed fields with PATCH on the group's href (spec 002 " +
      "section 7, 'PATCH group href with changed fields') and reads the saved group back; the " +
      "reference describes only PUT (204). The body is the same Group as GET answers (decision 035).",
  },
  {
    method: "GET",
    path: /^\/fotoweb\/api\/groups\/?$/i,
    mediaType: "application/vnd.fotoware.group-list+json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The spec's client reads the groups as a list response, {count, data, paging} (spec 002 " +
      "section 3 'List responses', section 7 'GET {base}/groups/ with optional q, sortfield, " +
      "sortdir'); the reference's GET answers a plain array of Group, which application/json " +
      "still gets (decision 035).",
  },
  {
    method: "GET",
    path: /^\/fotoweb\/api\/users\/?$/i,
    mediaType: "application/vnd.fotoware.user-list+json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The spec's users grid reads the user list as {count, data, paging} under the user-list " +
      "type (spec 002 sections 3 and 7, decision 034); the reference describes only the plain " +
      "array of User at this path, which Arkiv answers for application/json. Each entry of data " +
      "is the same User representation the array holds (checked there).",
  },
  {
    method: "GET",
    path: /^\/fotoweb\/api\/users\/\d+\/enabled\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "Reading whether a user is enabled ({value: boolean}, the ValueModelBoolean the PUT beside " +
      "it takes) is Arkiv's own (decision 034); the reference describes only the PUT.",
  },
  {
    method: "GET",
    path: /^\/fotoweb\/api\/site-owner\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The descriptor's userManagement.siteOwner link (spec 002 section 7: PUT the site owner " +
      "link with {user: href}); the reference has no such path. GET answers the site owner as " +
      "the same User representation /fotoweb/api/users/{id} answers (checked there).",
  },
  {
    method: "GET",
    path: /^\/fotoweb\/api\/(users|groups)\/public\/all\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The people directory the archive access list's add-member dialog reads (spec 001 section " +
      "7, GET /fotoweb/api/users/public/all and /groups/public/all with q, sortfields or p; rows " +
      "as section 3's User row and Group row, paging as its Paging object); the reference has " +
      "no such paths (decision 039).",
  },
  {
    path: /^\/fotoweb\/api\/(pools|im-pools\/(servers|search)|config\/archives\/\d+\/scan)\/?$/i,
    mediaType: "application/json",
    status: [200, 202],
    forgives: "undescribed",
    reason:
      "Pools, the index browser's servers and search (spec 001 sections 3 and 7: " +
      "AllowExternalPath, AllowPoolManagement, Pools; the index search response) are called by " +
      "the real product's archive dialog but not in the reference; the scan of a path archive " +
      "(202 with its background task's href) is Arkiv's own (decision 042).",
  },
  {
    method: "POST",
    path: /^\/fotoweb\/me\/background-tasks\/?$/i,
    mediaType: "application/json",
    status: [201],
    forgives: "undescribed",
    reason:
      "Undo of a background task (decision 047) is Arkiv's own request type, sent as " +
      'application/json with {"type": "undo", "jobId"}; its 201 has the shape of the other task ' +
      "responses (location, status, maxInterval), which the reference describes only per vendor type.",
  },
  {
    method: "POST",
    path: /^\/fotoweb\/archives\/[^/]+\/[^/]+\.info$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The asset page's own action data for an inline metadata editor (Remix ?_data=, " +
      "{ok, message}; decision 046), not an API answer: the API's edit is the PATCH.",
  },
  {
    method: "GET",
    path: /^\/fotoweb\/archives\/[^/]+\/[^/]+\.info\/__revisions\/(\d+\/?)?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "An asset's revision list and one revision (spec 000 section 3 Revision: id, number, " +
      "paged by first, last, next and prev; section 7 GET {revisions link}): the reference has " +
      "only Asset.revisioncount, no revision paths or schemas (decision 049).",
  },
  {
    path: /^\/fotoweb\/archives\/[^/]+\/[^/]+\.info\/__revisions\/(\d+\/rollback(-to)?|compare)\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "Rollback, rollback-to (spec 000 section 7, POST with rollbackType) and compare (POST with " +
      "leftRevision and rightRevision, whose answer the spec does not show): Arkiv's own answers, " +
      "the revision made and the field and pixel differences; the reference has none (decision 049).",
  },
  {
    method: "POST",
    path: /^\/fotoweb\/users\/\d+\/albums\/\d+\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "Adding asset links to an album (spec 000 section 7, 'POST asset links with data list') " +
      "answers which were added, already present and refused, each refused one by its href " +
      "with the reason ({added, present, refused}, decision 054): the issue asks that refusals " +
      "be reported per asset, and the reference gives the album path only a GET.",
  },
  {
    path: /^\/fotoweb\/views\/add-to-album\/?$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The add-to-album page's own data for its dialog over the grid (Remix ?_data= of the " +
      "loader; the action's result when the dialog posts with _fetch: added and present counts, " +
      "each refused asset by name and reason, decision 054), not an API answer; the API's add " +
      "is the POST of asset links to the album.",
  },
  // Issue 31, the selection toolbar and the running-work indicator (decisions 087 and 090).
  {
    path: /^\/fotoweb\/views\/batch\/?$/i,
    method: "POST",
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The batch page's own action data for its panel over the grid (Remix ?_data= with " +
      "_fetch: the started task's id, page and message, decision 087), not an API answer; the " +
      "API starts tasks with a POST to /fotoweb/me/background-tasks/.",
  },
  {
    path: /^\/fotoweb\/views\/tasks\/running$/i,
    method: "GET",
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "The header's running-work indicator polls how many of the person's tasks still run and " +
      "their progress ({count, progress}, decision 090): Arkiv's own page data, not an API " +
      "answer; the API lists tasks at /fotoweb/me/background-tasks/.",
  },
  // Navigation part of issue 19 (decision 061).
  {
    path: /^\/fotoweb\/archives\/[^/]+\/\.smartfolders\/(\d+)?$/i,
    forgives: "undescribed",
    reason:
      "Smart folders (spec 000 §7 'Smart folder: GET, POST, PATCH, DELETE {href}; ORDERPATCH') " +
      "have no path or schema in the reference; the entry is spec 000's 'Folder or smart folder " +
      "entry' (href, name, type, edit, pin, reorder) and the list carries add and reorder " +
      "descriptors (decision 061).",
  },
  {
    path: /^\/fotoweb\/api\/taxonomies\/\d+\/import\/?$/i,
    method: "POST",
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "Importing a taxonomy from CSV (issue 19 asks for import and export in a documented " +
      "format; decision 059) answers how many items were added and updated ({added, updated}); " +
      "the reference has no import operation.",
  },
  {
    // Taxonomy fields (issue 19, decision 060).
    path: /^\/fotoweb\/views\/taxonomy-picker\/\d+$/i,
    mediaType: "application/json",
    status: [200],
    forgives: "undescribed",
    reason:
      "A taxonomy field's picker page's own data (Remix ?_data= of its loader: one level of the " +
      "tree or a search's matches, a page at a time, for the metadata editors' picker), not an " +
      "API answer; the API's taxonomy reads are /fotoweb/api/taxonomies/.",
  },
  {
    path: /^\/fotoweb\/me\/alerts\/(\d+)?$/i,
    status: [200, 201],
    forgives: "undescribed",
    reason:
      "A person's alerts (spec 001 section 7: GET /fotoweb/me/alerts/ answers the 'alert list " +
      "media type'; the alert's own href takes collection, interval, dtSearchString) have no " +
      "schema in the reference, which names only the descriptor's alerts link and alertHref. " +
      "Arkiv's own shapes, alert-list+json ({data, paging}) and alert+json ({id, href, " +
      "collection, archiveName, interval, dtSearchString, created, modified}), are documented " +
      "in decision 062.",
  },
];
