/** The anchors of the gift page's two offers (the hero's list and the "back" button link to them). */
export const ritualId = "minutovy-ritual";
export const fragranceId = "osobni-vune";
