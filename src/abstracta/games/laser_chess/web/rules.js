// Laser Chess in our own words, with diagrams drawn by board.js beside it.
const ACE = "ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DnwBnKBn3Ln b";

export const summary = "Two players, ten files by eight ranks. Move one piece, then your own laser fires: hit the enemy King to win.";

export const sections = [
  {
    title: "The aim",
    text: [
      "Blue starts at the bottom, Red at the top. Each side has a Laser fixed in its corner, a King, two Switches, seven Deflectors and two Defenders.",
      "A King hit by any beam is removed and its owner loses at once, even when the beam was the King's own side's.",
    ],
    diagram: { view: { position: ACE, history: [], last_effects: [] }, caption: "The ACE start. Blue's Laser is in the lower right corner, Red's in the upper left." },
  },
  {
    title: "A turn",
    text: [
      "A turn is one action: step a piece one square in any of the eight directions onto an empty square, swap a Switch with a neighbouring piece, or turn a piece (or the Laser) a quarter turn.",
      "After the action your Laser fires by itself. Squares with the other side's helix (tinted) are closed to your pieces.",
      "A player to move may end the game as a draw when the position has occurred three times.",
    ],
  },
  {
    title: "How the beam travels",
    text: [
      "The beam goes straight until it meets a piece. A mirror face turns it by a right angle; a Switch has mirrors on both sides; a Deflector on one side only.",
      "A Defender's front face stops the beam harmlessly. Any other face that is hit loses its piece, whoever owns it: at most one piece is removed per shot.",
    ],
    diagram: {
      view: { position: ACE.replace("2DnwBn", "2DneBn").replace(" b", " r"), history: ["c1+"],
        last_effects: [{ kind: "beam", from: "j1", path: ["j2", "j3", "j4", "i4", "h4", "h5", "i5", "j5", "j6", "j7", "j8"], stop: "edge" }] },
      caption: "Blue's beam from j1: turned by the Deflector on j4, the Deflector on h4, the one on h5 and on j5, it leaves the board.",
    },
  },
  {
    title: "Playing with the keyboard",
    text: [
      "Tab to the board; the arrow keys move a cursor from square to square and Enter (or Space) picks the square under it: a piece, then where it goes.",
      "To turn a piece, pick it and press Enter on it again: the turns open in a small list (your Laser opens it at once). The arrow keys move through the list, Enter plays the one you chose, Escape closes the list and keeps the board as it was.",
    ],
  },
];

export const legend = [
  ["K", "King: lose it and you lose"],
  ["L", "Laser: fixed in its corner, turns only; fires after every move"],
  ["S", "Switch: mirror on both sides; may swap with a neighbour"],
  ["D", "Deflector: a one-sided mirror (the silver edge)"],
  ["B", "Defender: its light front face stops beams"],
  ["\u25a0", "tinted squares: the other side's helix, closed to you"],
];
