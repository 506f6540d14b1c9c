// Comments and reactions' front door: the responses a card shows under an item (journal entry, media
// item, milestone, achievement), the small count a tile shows, and the types an item's answer carries.
export { REACTION_EMOJI, type ItemType, type Reactions } from './api';
export { CommentCount } from './components/CommentCount';
export { ItemResponses, type ItemResponsesProps } from './components/ItemResponses';
export { responsesText } from './strings';
