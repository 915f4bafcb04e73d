import { PipeTransform } from '@nestjs/common';
/**
 * The default group (jobs without a group: '' inside the stores) as the API names it, in paths and
 * in responses. Not a legal group name ('~' is outside NAME_PATTERN), so no group can take it.
 * The one place that maps between the two.
 */
export declare const DEFAULT_GROUP_ALIAS = "~default";
/** A group's name as a response shows it. */
export declare function groupNameShown(stored: string): string;
/**
 * A listing's cursor as a response shows it: a store may use the last name of a page as its
 * cursor, and the default group's '' could not travel in a query string (`cursor` is 1 or more
 * characters), so '' is shown as the alias, and read back as ''.
 */
export declare function groupCursorShown(stored: string | null): string | null;
export declare function groupCursorFromQuery(cursor: string | undefined): string | undefined;
/** `:group` of a path: a group name, or the alias of the default group; 400 naming `group` otherwise. */
export declare class GroupParamPipe implements PipeTransform<string, string> {
    transform(group: string): string;
}
