import { base, type IconProps } from "./svg";

// The music control's icons.
export const MusicIcon = ({ size, className }: IconProps) => (
  <svg {...base(size)} className={className}>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </svg>
);
export const PlayIcon = ({ size, className }: IconProps) => (
  <svg {...base(size)} className={className}>
    <path d="M5 3l14 9-14 9V3z" />
  </svg>
);
export const PauseIcon = ({ size, className }: IconProps) => (
  <svg {...base(size)} className={className}>
    <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
  </svg>
);
export const VolumeIcon = ({ size, className }: IconProps) => (
  <svg {...base(size)} className={className}>
    <path d="M11 5 6 9H2v6h4l5 4V5zM19.07 4.93a10 10 0 0 1 0 14.14M15.54 8.46a5 5 0 0 1 0 7.07" />
  </svg>
);
export const VolumeOffIcon = ({ size, className }: IconProps) => (
  <svg {...base(size)} className={className}>
    <path d="M11 5 6 9H2v6h4l5 4V5zM23 9l-6 6M17 9l6 6" />
  </svg>
);
