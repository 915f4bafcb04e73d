import { Injectable, PipeTransform } from '@nestjs/common';
import { DEFAULT_GROUP } from '../../domain/fairness';
import { InvalidJobSpecError } from '../../domain/errors';
import { NAME_PATTERN } from '../../domain/job';

/**
 * The default group (jobs without a group: '' inside the stores) as the API names it, in paths and
 * in responses. Not a legal group name ('~' is outside NAME_PATTERN), so no group can take it.
 * The one place that maps between the two.
 */
export const DEFAULT_GROUP_ALIAS = '~default';

/** A group's name as a response shows it. */
export function groupNameShown(stored: string): string {
  return stored === DEFAULT_GROUP ? DEFAULT_GROUP_ALIAS : stored;
}

/**
 * A listing's cursor as a response shows it: a store may use the last name of a page as its
 * cursor, and the default group's '' could not travel in a query string (`cursor` is 1 or more
 * characters), so '' is shown as the alias, and read back as ''.
 */
export function groupCursorShown(stored: string | null): string | null {
  return stored === DEFAULT_GROUP ? DEFAULT_GROUP_ALIAS : stored;
}

export function groupCursorFromQuery(cursor: string | undefined): string | undefined {
  return cursor === DEFAULT_GROUP_ALIAS ? DEFAULT_GROUP : cursor;
}

/** `:group` of a path: a group name, or the alias of the default group; 400 naming `group` otherwise. */
@Injectable()
export class GroupParamPipe implements PipeTransform<string, string> {
  transform(group: string): string {
    if (group === DEFAULT_GROUP_ALIAS) return DEFAULT_GROUP;
    if (!NAME_PATTERN.test(group)) throw new InvalidJobSpecError('group', `must match [A-Za-z0-9_.:-]{1,100}, or be ${DEFAULT_GROUP_ALIAS} for the queue's default group`);
    return group;
  }
}
