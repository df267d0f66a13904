import type { RoomKey } from "~/lib/rooms";
import { Bath, BedDouble, CookingPot, Gem, Sofa, Trees, type LucideIcon } from "lucide-react";

export type RoomCard = { id: RoomKey; icon: LucideIcon; title: string; features: string[] };

// docs/product/public-site.md#home-page: six cards, five feature bullets each (the bullets are ours).
export const ROOM_CARDS: RoomCard[] = [
  {
    id: "bedrooms-study",
    icon: BedDouble,
    title: "Bedrooms/Study",
    features: [
      "Beds made with fresh linen on request",
      "Bedside tables, desks and shelves dusted",
      "Mirrors and glass polished streak-free",
      "Floors vacuumed, under the bed included",
      "Skirting boards and light switches wiped",
    ],
  },
  {
    id: "bathrooms",
    icon: Bath,
    title: "Bathrooms",
    features: [
      "Showers, screens and tiles descaled",
      "Toilets sanitised inside and out",
      "Vanities, basins and tapware polished",
      "Mirrors cleaned to a streak-free finish",
      "Floors scrubbed and grout lines detailed",
    ],
  },
  {
    id: "kitchen",
    icon: CookingPot,
    title: "Kitchen",
    features: [
      "Benchtops and splashbacks degreased",
      "Cooktop and range hood cleaned",
      "Appliance exteriors and handles polished",
      "Sink and tapware scrubbed and shined",
      "Cupboard fronts wiped and floors mopped",
    ],
  },
  {
    id: "living-areas",
    icon: Sofa,
    title: "Living Areas",
    features: [
      "Surfaces, shelving and décor dusted",
      "Upholstery vacuumed and cushions plumped",
      "Floors vacuumed and mopped to suit",
      "Glass doors and reachable windows cleaned",
      "Cobwebs removed from corners and ceilings",
    ],
  },
  {
    id: "outdoor-spaces",
    icon: Trees,
    title: "Outdoor Spaces",
    features: [
      "Balconies and terraces swept",
      "Outdoor furniture wiped down",
      "Glass balustrades cleaned",
      "Entryways and doormats refreshed",
      "Barbecue exterior degreased on request",
    ],
  },
  {
    id: "specialty-areas",
    icon: Gem,
    title: "Specialty Areas",
    features: [
      "Walk-in wardrobes dusted and arranged",
      "Home gyms wiped and sanitised",
      "Wine rooms and cellars dusted with care",
      "Media rooms and screens gently cleaned",
      "Delicate surfaces treated with suitable products",
    ],
  },
];
