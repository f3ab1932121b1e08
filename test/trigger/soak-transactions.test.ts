import { soak } from './soak';

soak('transactions');
