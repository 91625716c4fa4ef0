// Reflec in our own words, with diagrams drawn by board.js beside it.
export const summary = "Two to four players, an 8x8 board of mirrors. Steer beams into the other lasers; loops wipe mirrors away.";

export const sections = [
  {
    title: "The aim",
    text: [
      "Each suit (Suns, Moons, Crowns, Arms) has a laser, six mirror coins and a die. With two players, one plays Suns and Crowns, the other Moons and Arms.",
      "A laser hit by a beam is destroyed. A player with no laser left is out; the last player in wins.",
    ],
  },
  {
    title: "Dropping the coins",
    text: [
      "The game opens with a drop round: the suits take turns putting their coins on the board, each pointing one of four ways, until every coin is placed.",
    ],
  },
  {
    title: "A turn",
    text: [
      "A suit then receives 3 or 4 action points, which it must spend, and may also spend points saved on its die. They pay for moving and turning coins, moving the laser, dropping coins back in, swapping two neighbouring coins, and firing.",
      "A fired beam follows the direction of every coin it reaches. A beam that runs into a loop removes the coins of the loop.",
    ],
    diagram: {
      view: { position: "7C*/8/8/8/8/Ce2Mn4/8/S*6A* S3:6,M2:5x,C2:5,A2:6 S play 0 0 -/- - -", history: ["*n"], options: {}, num_players: 2,
        last_effects: [{ kind: "beam", suit: "S", from: "a1", dir: "n", path: ["a2", "a3", "b3", "c3", "d3", "d4", "d5", "d6", "d7"], hits: ["a3", "d3"], stop: "laser" },
          { kind: "remove", cell: "d7", piece: { kind: "laser", owner: 1, suit: "M" }, cause: "beam" }] },
      caption: "The Suns fire north: the beam turns on two coins and destroys the Moons laser on d7.",
    },
  },
];

export const legend = [
  ["S \u25cf", "Suns coin (round, orange)"],
  ["M \u25a0", "Moons coin (square, blue)"],
  ["C \u2b22", "Crowns coin (hexagon, dark orange)"],
  ["A \u25c6", "Arms coin (diamond, light blue)"],
  ["\u25b2", "the notch on a coin's edge: the way it points"],
  ["\u25a3", "a laser: a dark square with its suit's letter"],
];
