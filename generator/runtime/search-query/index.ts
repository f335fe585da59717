/**
 * The transaction-search query language: a typed builder, a parser with
 * column-accurate diagnostics, a date-math evaluator that is correct across
 * daylight-saving changes, sort strings and the search request body.
 */

export type {
  AndNode,
  AnyOfNode,
  EqNode,
  FieldNode,
  OrNode,
  PrefixNode,
  QueryNode,
  RangeNode,
  WildcardNode,
} from "./ast.js";
export { parenDepth } from "./ast.js";
export { createQueryBuilder, type QueryBuilder } from "./builder.js";
export {
  DATE_MATH_UNITS,
  DateMath,
  MAX_DATE_MATH_AMOUNT,
  epochMillis,
  evaluateDateMath,
  isDateMathUnit,
  now,
  parseDateMath,
  type DateMathAnchor,
  type DateMathParseResult,
  type DateMathStep,
  type DateMathUnit,
  type EvaluateOptions,
} from "./date-math.js";
export type { QueryDiagnostic, QueryDiagnosticCode, QuerySeverity } from "./diagnostics.js";
export { QueryError, type QueryErrorReason } from "./errors.js";
export {
  resolveField,
  type FieldOf,
  type QueryFieldKind,
  type QueryFieldSpec,
  type QueryLanguage,
  type QueryPreset,
  type TextFieldOf,
  type TimeFieldOf,
  type TimeZoneOf,
} from "./language.js";
export {
  MAX_DATE_MATH_STEPS,
  MAX_ERRORS,
  MAX_EVALUATED_RANGES,
  MAX_NESTING_DEPTH,
} from "./limits.js";
export { parseQuery, validateQuery, type ParseOptions, type ParseResult } from "./parser.js";
export { languagePresets, presets, type LanguagePreset, type PresetName } from "./presets.js";
export { formatValue, isBareValue, quoteValue } from "./quote.js";
export {
  evaluateRange,
  parseRange,
  rangeBounds,
  renderRange,
  type DateMathInput,
  type EvaluatedRange,
  type RangeBounds,
  type RangeOptions,
  type RangeParseResult,
} from "./range.js";
export { toString } from "./render.js";
export {
  checkQueryText,
  createSearchRequest,
  withQueryCheck,
  type SearchRequest,
  type SearchRequestInput,
} from "./request.js";
export {
  createSort,
  parseSort,
  type SortDirection,
  type SortFunction,
  type SortParseResult,
  type SortString,
} from "./sort.js";
export {
  MAX_INSTANT,
  MIN_INSTANT,
  instantFromWallClock,
  isValidTimeZone,
  timeZoneOffsetMs,
  wallClockAt,
  type WallClock,
} from "./time-zone.js";
export { redactQuery, UNPARSED_QUERY } from "./redact-query.js";
