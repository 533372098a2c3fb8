import { staticModelCatalogue } from './ai-catalogue.ts';
import type { FalModel, FalModelsResponse } from './generation.ts';

/**
 * `GET /api/fal/models`: the fal image and video models of the catalogue, with a
 * line each saying what the model is good at. Ids and names come from `staticModelCatalogue`, so the studio's
 * model select and the fal tab can never disagree; only the descriptions live here.
 */
const falModelDescriptions: Record<string, string> = {
  'fal-ai/flux/schnell': 'Fast FLUX images in a few steps; good for drafts and quick ideas.',
  'fal-ai/flux/dev': 'FLUX with more steps for detailed, higher quality images.',
  'fal-ai/ideogram/v3': 'Ideogram 3: strong at legible text, logos and graphic design.',
  'fal-ai/kling-video/v2.1/master/text-to-video': 'Kling 2.1 Master: cinematic 5 or 10 second clips.',
  'fal-ai/minimax/hailuo-02/standard/text-to-video': 'Hailuo 02: lively motion in 6 or 10 second clips.',
  'fal-ai/veo3.1/fast': 'Veo 3.1 Fast: 4 to 8 second clips with sound, landscape or portrait.',
};

function falModelsOf(kind: 'image' | 'video'): FalModel[] {
  return staticModelCatalogue
    .filter((category) => category.provider === 'fal' && category.kind === kind)
    .flatMap((category) => category.models)
    .map((model) => ({
      id: model.id,
      name: model.label,
      description: falModelDescriptions[model.id] ?? `${model.label} on fal.ai`,
    }));
}

export const falModels: FalModelsResponse = { image: falModelsOf('image'), video: falModelsOf('video') };
