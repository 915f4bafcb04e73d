import { ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { bodyDepthError } from './body-depth';
import { opaqueJsonTransformer } from './opaque-json.transformer';
import { stripProtoKeysOutsideOpaque } from './strip-proto-keys';
import { unstorableStrings } from './unstorable-strings';
import { BODY_FIELD, flattenValidationErrors } from './validation-errors';
import { ValidationFailedException } from './validation-failed.exception';

/**
 * The global pipe: unknown fields are refused (not silently dropped), bodies become DTO instances
 * (@OpaqueJson values kept as sent, whatever their keys), too-deep bodies are refused before anything walks them,
 * strings PostgreSQL cannot store (NUL, lone surrogates) are refused by field, and
 * every failure is a 400 listing each field and its reason.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      transformerPackage: opaqueJsonTransformer,
      exceptionFactory: (errors) => new ValidationFailedException(flattenValidationErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Every DTO body is an object; an array or a scalar would otherwise be validated key by key.
    const isDtoBody = metadata.type === 'body' && metadata.metatype !== undefined && this.toValidate(metadata);
    if (isDtoBody && value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new ValidationFailedException([{ field: BODY_FIELD, reason: 'must be a JSON object' }]);
    }
    const tooDeep = isDtoBody ? bodyDepthError(value) : undefined;
    if (tooDeep) throw new ValidationFailedException([tooDeep]);
    if (metadata.type === 'body' || metadata.type === 'query') {
      const unstorable = unstorableStrings(value);
      if (unstorable.length > 0) throw new ValidationFailedException(unstorable);
    }
    return super.transform(value, metadata);
  }

  /**
   * Nest closes the gaps of sparse arrays, which only a urlencoded or multipart body can make:
   * bodies here are JSON only (JSON.parse makes no gaps), and the walk went through every
   * payload, millions of items for a large one.
   */
  protected override closeArrayGaps(_value: unknown): void {}

  /** Payloads keep their `__proto__`, `constructor` and `prototype` keys: see stripProtoKeysOutsideOpaque. */
  protected override stripProtoKeys(value: unknown): void {
    stripProtoKeysOutsideOpaque(value);
  }
}
