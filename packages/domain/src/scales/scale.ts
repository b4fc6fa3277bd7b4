import { type Static, Type } from '@sinclair/typebox';
import { defineCatalogue, recordWithIdSchema } from '../catalogue/catalogue';
import { Nullable } from '../schemas';

/** The least a scale weighs, in its divisions, unless its record says otherwise (the weighing-instrument rule of thumb for a minimum load). */
export const defaultMinimumWeightDivisions = 20;
/** The most a scale's minimum weight may be set to, in divisions (a weighbridge's capacity is 3,000 to 10,000 divisions). */
export const maxMinimumWeightDivisions = 1000;

/** The heaviest capacity a scale's record may give, KG (weighbridges are built up to about 200 t). */
export const maxScaleCapacityKg = 1_000_000;

/**
 * A weighbridge (id and name, as the scales list shows it) and its weighing rules; its live
 * weight is not part of the record. `capacityKg`: its capacity (Max on its data plate); no weight above
 * it is weighed or typed for it (issue 34, item 3); null when not given, and the site's maximum weight
 * bounds what is typed for it.
 */
export const ScaleDataSchema = Type.Object({
  scaleName: Type.String(),
  minimumWeightDivisions: Type.Integer({
    minimum: 0,
    maximum: maxMinimumWeightDivisions,
    description: `The least weight weighed, in the scale's divisions (default ${defaultMinimumWeightDivisions})`,
  }),
  returnToZeroRequired: Type.Boolean({
    description:
      'A truck is weighed only after the scale has read zero since the previous weighing on it (default true)',
  }),
  capacityKg: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: maxScaleCapacityKg,
      description:
        "The scale's capacity (Max), KG: no heavier weight is weighed or set by hand on it; null: none given",
    }),
  ),
});
export type ScaleData = Static<typeof ScaleDataSchema>;

/** What a scale's record says of weighing on it, its defaults filled in. */
export interface ScaleWeighingRules {
  minimumWeightDivisions: number;
  returnToZeroRequired: boolean;
  capacityKg: number | null;
}

/** The rules of a scale's record; a read-model row projected before a rule existed reads its default. */
export const weighingRulesOf = (scale: {
  minimumWeightDivisions?: number | null;
  returnToZeroRequired?: boolean | null;
  capacityKg?: number | null;
}): ScaleWeighingRules => ({
  minimumWeightDivisions: scale.minimumWeightDivisions ?? defaultMinimumWeightDivisions,
  returnToZeroRequired: scale.returnToZeroRequired ?? true,
  capacityKg: scale.capacityKg ?? null,
});

/**
 * Version 1 of ScaleCreated and ScaleUpdated, frozen: the record before capacities, its rules optional
 * (scales saved before the rules existed lack them). It reads as version 2, the current one, with the
 * rules' defaults filled in and no capacity given.
 */
const ScaleRecordV1Schema = recordWithIdSchema(
  Type.Object({
    scaleName: Type.String(),
    minimumWeightDivisions: Type.Optional(Type.Integer({ minimum: 0, maximum: maxMinimumWeightDivisions })),
    returnToZeroRequired: Type.Optional(Type.Boolean()),
  }),
);
interface ScaleRecordV1 {
  id: number;
  scaleName: string;
  minimumWeightDivisions?: number;
  returnToZeroRequired?: boolean;
}
const scaleRecordV1 = {
  schema: ScaleRecordV1Schema,
  toNext: (record: ScaleRecordV1) => ({ ...record, ...weighingRulesOf(record) }),
};

export const scales = defineCatalogue('Scale', ScaleDataSchema, {
  olderEventVersions: { ScaleCreated: [scaleRecordV1], ScaleUpdated: [scaleRecordV1] },
});
