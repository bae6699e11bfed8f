/** Journal posts about the crafts behind the catalogue. Bodies are trusted, hand-written HTML. */
import { listingPath } from "@store/shared";

export interface BlogSeed {
  title: string;
  date: string;
  productLink: string | null;
  html: string;
}

export function blogImageUrl(n: number): string {
  return `/media/blog/${n}.webp`;
}

export const BLOGS: readonly BlogSeed[] = [
  {
    title: "The Art of Hand Block Printing: From Carved Teak to Cotton",
    date: "2025-02-14T09:00:00Z",
    productLink: listingPath("fabric"),
    html: `<h2>A craft older than the city itself</h2>
<p>Long before Jaipur's pink walls went up in 1727, printers along the Dhoondh river were stamping cotton with carved wooden blocks. Today the craft is still done almost exactly as it was: by hand, one impression at a time.</p>
<h2>The block</h2>
<p>Every design begins with a <strong>block carver</strong>, who chisels the motif into seasoned teak or sheesham. A single floral may need three or four blocks: one for the outline (the <em>rekh</em>), one for the fill (the <em>datta</em>) and one for each extra colour.</p>
<h2>The table</h2>
<p>The printer stretches the cloth on a long padded table, dips the block into a tray of dye and presses it down with a firm thump of the fist. The next impression must line up perfectly with the last, guided only by eye and years of practice.</p>
<ul>
<li><strong>Outline first:</strong> the darkest colour sets the pattern.</li>
<li><strong>Then the fills:</strong> lighter colours are added one by one, each drying in the sun.</li>
<li><strong>Finally, washing:</strong> the cloth is rinsed in running water to fix the dyes.</li>
</ul>
<p>Look closely at any of our prints and you will find tiny joins and slight shifts where the block met the cloth. They are not flaws; they are the fingerprint of the person who made it.</p>`,
  },
  {
    title: "Bagru: The Village That Prints With Mud and Indigo",
    date: "2025-04-08T09:00:00Z",
    productLink: listingPath("women", "dresses"),
    html: `<h2>Thirty kilometres from Jaipur</h2>
<p>Bagru is a small town of Chhipa families, the printer community whose name comes from the word for stamping. The streets are lined with cloth drying in the sun, and the air smells faintly of fermented jaggery and iron.</p>
<h2>Dabu: printing with mud</h2>
<p><strong>Dabu</strong> is Bagru's best-known technique. Printers mix black clay, lime, gum and wheat chaff into a paste, stamp it onto the cloth and sprinkle sawdust over it. When the cloth is dipped in indigo, the mud resists the dye and leaves a pale, slightly crackled motif.</p>
<p>Many pieces are printed and dyed twice, building layers of light and dark blue. A single dabu dress can take two weeks from plain cotton to finished fabric.</p>
<h2>Syahi-begar: black and red</h2>
<p>Bagru's other classic palette pairs <em>syahi</em>, a black made from rusted iron and jaggery, with <em>begar</em>, a red from alum and madder. The cloth is first soaked in harda (myrobalan) which gives it its typical warm cream ground.</p>
<ul>
<li>Natural indigo from the Indigofera plant</li>
<li>Madder and alum for reds and pinks</li>
<li>Pomegranate rind and turmeric for yellows</li>
</ul>
<p>When you wear a Bagru print, you are wearing the river water, the sun and the patience of a whole village.</p>`,
  },
  {
    title: "Kantha: Stories Stitched in Running Stitch",
    date: "2025-06-20T09:00:00Z",
    productLink: listingPath("home & living", "cushion cover"),
    html: `<h2>Old saris, new life</h2>
<p>Kantha began in the homes of Bengal, where women layered worn saris and dhotis and stitched them together into light quilts. Nothing was wasted: borders became edges and coloured threads were pulled from the saris themselves.</p>
<h2>The humble running stitch</h2>
<p>The whole craft rests on one stitch, the <strong>running stitch</strong>, repeated tens of thousands of times. Worked in rows, it gives kantha its rippled texture; worked in outlines, it draws lotuses, fish, birds and scenes from village life.</p>
<p>A bedspread can take one artisan three to six months. Our kantha cushions and throws are made by women's groups who work from home, fitting the stitching around family and farm.</p>
<ul>
<li><strong>Lep kantha:</strong> thick, warm quilts for winter.</li>
<li><strong>Sujni kantha:</strong> decorative spreads for guests and ceremonies.</li>
<li><strong>Patchwork kantha:</strong> bright strips of recycled cotton, like our throws and bunting.</li>
</ul>
<p>Because every layer is pre-loved cloth, no two kantha pieces are ever alike. Turn one over and the reverse tells its own, quieter story.</p>`,
  },
  {
    title: "How to Care for Hand Block Printed Cotton",
    date: "2025-08-05T09:00:00Z",
    productLink: null,
    html: `<h2>Natural dyes need a gentle hand</h2>
<p>Hand block printed cotton is made to be worn and used every day, and it softens beautifully with age. A few simple habits will keep the colours glowing for years.</p>
<h2>Washing</h2>
<ul>
<li><strong>Wash cold:</strong> 30&deg;C or below, on a gentle cycle or by hand.</li>
<li><strong>Wash separately the first time:</strong> a little excess dye may bleed, which is normal for natural colours.</li>
<li><strong>Use a mild detergent:</strong> avoid bleach and optical brighteners.</li>
</ul>
<h2>Drying</h2>
<p>Dry your pieces inside out and in the shade. Strong sunlight fades indigo and madder over time, just as it fades anything dyed with plants.</p>
<h2>Ironing and storing</h2>
<p>Iron on the reverse while the cloth is still slightly damp. Store folded in a cotton bag with a few neem leaves or cloves rather than mothballs.</p>
<p>Above all, <strong>enjoy using them</strong>. A block print that has been loved, washed and worn for years has a softness no new cloth can match.</p>`,
  },
  {
    title: "Styling Jute Rugs: Five Ideas for a Warmer Home",
    date: "2025-10-12T09:00:00Z",
    productLink: listingPath("home & living", "rugs & carpets"),
    html: `<h2>Why jute?</h2>
<p>Jute is one of the most sustainable fibres there is: it grows fast with little water and no pesticides, and it is fully biodegradable. Its golden colour warms a room instantly and works with almost every style.</p>
<h2>Five ways to use one</h2>
<ul>
<li><strong>Layer it:</strong> put a smaller kilim or dhurrie on top of a large jute rug for colour and depth.</li>
<li><strong>Ground a reading corner:</strong> a round braided rug defines a nook for an armchair and lamp.</li>
<li><strong>Soften a hallway:</strong> a narrow runner handles busy feet and hides dust well.</li>
<li><strong>Bring it outdoors:</strong> on a covered veranda, jute adds texture next to cane and terracotta.</li>
<li><strong>Mix with prints:</strong> its plain texture calms busy block printed cushions and curtains.</li>
</ul>
<h2>Looking after jute</h2>
<p>Vacuum regularly without the beater bar, blot spills straight away and keep the rug out of damp areas. Rotate it every few months so it wears evenly.</p>
<p>A new jute rug sheds a little fibre for the first weeks. That is normal, and it settles quickly into years of quiet service.</p>`,
  },
  {
    title: "A Walk Through Jaipur's Artisan Clusters",
    date: "2025-12-03T09:00:00Z",
    productLink: listingPath("accessories"),
    html: `<h2>A city built for makers</h2>
<p>When Sawai Jai Singh II founded Jaipur, he invited craftspeople from across India and gave each trade its own bazaar. Three centuries later, the walled city is still organised around its crafts.</p>
<h2>Where to look</h2>
<ul>
<li><strong>Sanganer:</strong> fine floral block prints and handmade paper, on the southern edge of the city.</li>
<li><strong>Bagru:</strong> dabu mud-resist and syahi-begar prints, a short drive west.</li>
<li><strong>Maniharon ka Rasta:</strong> the lane of the lac bangle makers, glowing with colour.</li>
<li><strong>Johari Bazaar:</strong> gem cutters, gold and kundan jewellers.</li>
<li><strong>Ramganj and the old city:</strong> blue pottery, brass and metal crafts.</li>
</ul>
<h2>Meeting the makers</h2>
<p>Many of the people who make our pieces work in small family workshops of three to ten people. We visit them every week, agree prices before work begins, and pay on delivery, never months later.</p>
<p>If you visit Jaipur, go early in the morning, when the printing tables are busy and the light is soft. And do stop by our studio for a cup of chai.</p>`,
  },
  {
    title: "Colours From the Earth: Natural Dyes of Rajasthan",
    date: "2026-01-22T09:00:00Z",
    productLink: listingPath("women", "kaftan & robes"),
    html: `<h2>A palette from plants and minerals</h2>
<p>Before synthetic dyes arrived in the nineteenth century, every colour in Rajasthan's textiles came from roots, bark, flowers and rust. A growing number of printers are returning to these recipes, and we work with several of them.</p>
<h2>The main dyes</h2>
<ul>
<li><strong>Indigo:</strong> fermented leaves of the Indigofera plant give every blue from sky to midnight.</li>
<li><strong>Madder:</strong> the root of Rubia gives reds, pinks and rust when fixed with alum.</li>
<li><strong>Turmeric and pomegranate:</strong> warm yellows and mustards.</li>
<li><strong>Harda:</strong> myrobalan fruit gives the soft cream ground and helps the dyes bind.</li>
<li><strong>Syahi:</strong> iron and jaggery fermented together into a deep black.</li>
</ul>
<h2>Why it matters</h2>
<p>Natural dyes are gentler on the printers' hands and on the rivers that carry the rinse water away. Their colours are also softer and more alive, shifting slightly with the light.</p>
<p>They do ask a little more of you: wash cold, dry in the shade and expect a gentle mellowing over time. We think that is a small price for <strong>colour that comes from the earth</strong>.</p>`,
  },
];
