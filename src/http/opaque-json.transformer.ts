import type { TransformerPackage } from '@nestjs/common/interfaces/external/transformer-package.interface';
import { ClassTransformOptions, instanceToPlain, plainToInstance } from 'class-transformer';
import { opaqueJsonProperties } from './opaque-json.decorator';

type Raw = Record<string, unknown>;

const isRawObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * class-transformer for the validation pipe, plus what @OpaqueJson needs: after the DTO tree is
 * built (opaque properties skipped), each opaque property gets the request's value back as is,
 * or built as the DTO its `as` names (an http job's payload), so validation sees it.
 */
export const opaqueJsonTransformer: TransformerPackage = {
  plainToInstance: toDto,
  classToPlain: (object, options) => instanceToPlain(object, options),
};

function toDto<T>(dto: new () => T, plain: unknown, options?: ClassTransformOptions): T {
  const instance = plainToInstance(dto, plain, options);
  attachOpaque(instance, plain, options);
  return instance;
}

/** Walks the DTO instances (never into raw JSON) alongside the request's values. */
function attachOpaque(instance: unknown, plain: unknown, options?: ClassTransformOptions): void {
  if (Array.isArray(instance)) {
    if (Array.isArray(plain)) instance.forEach((item, i) => attachOpaque(item, plain[i], options));
    return;
  }
  if (!isRawObject(instance) || instance.constructor === Object || !isRawObject(plain)) return;
  const opaque = opaqueJsonProperties(instance.constructor);
  for (const [key, value] of Object.entries(instance)) {
    if (typeof value === 'object' && value !== null && !opaque?.has(key)) attachOpaque(value, plain[key], options);
  }
  for (const [key, { as }] of opaque ?? []) {
    if (!Object.prototype.hasOwnProperty.call(plain, key)) continue;
    const raw = plain[key];
    const dto = as?.(plain);
    instance[key] = dto && isRawObject(raw) ? toDto(dto, raw, options) : raw;
  }
}
