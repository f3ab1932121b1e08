import { soak } from './soak';

soak('inbox');
