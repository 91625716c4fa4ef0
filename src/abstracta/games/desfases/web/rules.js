// Desfases in our own words, with diagrams drawn by board.js beside it.
const SAMPLE = "Mae,A3w*A,A2w,C2s,S3e/S5e*S,Mne,C4s,Cns,M5e/A4w,S2e,#,C5s,M3e*M/M4e,A5w,C3s,Aaw,Cas*C/"
  + "S4n,Sae,Sne,M2e,Anw S:3:4:na235:0:live;M:3:3:na245:0:live;C:a:a:n2345:0:live;A:3:3:na245:0:live M";

export const summary = "Two or four players on a ring of piecepack tiles around a hole. Time your pawn's moves, then score a tile that faces it.";

export const sections = [
  {
    title: "The pieces",
    text: [
      "Twenty-four tiles lie around the hole in the middle. Each suit has a pawn, a die used as a countdown, and six coins that feed it. With two players, one owns Suns and Moons, the other Arms and Crowns.",
    ],
    diagram: { view: { position: SAMPLE, history: [], last_effects: [] }, caption: "A position: tiles with their values, pawns on four of them, and each suit's timer beside the board." },
  },
  {
    title: "A suit's turn",
    text: [
      "First every free tile of that suit turns a quarter turn clockwise.",
      "While the die is above null the pawn moves like a chess queen (never over the hole) and the die counts down by one.",
      "At null the suit scores one neighbouring tile that faces its pawn, by putting its timer coin on it: the tile's value plus the coin's. If no tile faces the pawn, the coin drops into the hole. Then the suit feeds a new coin, and the die is set to its value.",
    ],
  },
  {
    title: "The end",
    text: ["A suit with no coin left to feed is finished. When every suit has finished, the highest total wins; equal totals share."],
  },
];

export const legend = [
  ["\u2600 \u263e \u265b \u2694", "Suns, Moons, Crowns, Arms"],
  ["\u25bc", "the notch on a tile: the way it faces"],
  ["\u25cf", "a pawn; the small disc in a tile's corner is a scored coin"],
  ["die", "the countdown: moves left before the suit must score"],
];
